#include "render/rows_through_buffers.hpp"

#include <cstdio>
#include <cstring>
#include <string>

namespace stereocl {
namespace {

std::string hex(GLenum code) {
  char text[16];
  std::snprintf(text, sizeof text, "%04X", static_cast<unsigned>(code));
  return text;
}

}  // namespace

void RowsReadAhead::request(GLuint framebuffer, GLenum attachment, int first_row, int width, int height,
                            const PixelRows& rows) {
  Band& band = bands_[requested_++ % bands_.size()];
  band.bytes = rows.row_pitch * static_cast<std::size_t>(height);
  if (!band.buffer) band.buffer = gl::make_buffer();
  glBindBuffer(GL_PIXEL_PACK_BUFFER, band.buffer.get());
  if (band.capacity < band.bytes) {
    glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(band.bytes), nullptr, GL_STREAM_READ);
    band.capacity = band.bytes;
  }
  read_pixels(framebuffer, attachment, first_row, width, height, rows, nullptr);  // into the buffer
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
}

Status RowsReadAhead::take(void* out) {
  return read_oldest([&](const void* rows, std::size_t bytes) { std::memcpy(out, rows, bytes); });
}

Status RowsReadAhead::read_oldest(const std::function<void(const void* rows, std::size_t bytes)>& use) {
  Band& band = bands_[taken_++ % bands_.size()];
  glBindBuffer(GL_PIXEL_PACK_BUFFER, band.buffer.get());
  const void* mapped =
      glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(band.bytes), GL_MAP_READ_BIT);
  Status status;
  if (mapped) {
    use(mapped, band.bytes);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, band.buffer.get());  // `use` may have bound another
    if (!glUnmapBuffer(GL_PIXEL_PACK_BUFFER)) status = failure("rows read back: the pixel buffer was corrupted while mapped");
  } else {
    status = failure("rows read back: mapping " + std::to_string(band.bytes) + " bytes of a pixel buffer failed (GL error 0x" +
                     hex(glGetError()) + ")");
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  return status;
}

Status DepthReadback::read(GLuint framebuffer, GLenum attachment, int width, int height, DepthImage& out) {
  rows_.forget();
  rows_.request(framebuffer, attachment, 0, width, height, float_rows(static_cast<std::size_t>(width) * sizeof(float)));
  if (out.width == width && out.height == height) return rows_.take(out.pixels.data());  // untouched if it fails
  DepthImage read(width, height);
  const Status taken = rows_.take(read.pixels.data());
  if (taken) out = std::move(read);
  return taken;
}

Result<void*> RowsUpload::map(std::size_t bytes) {
  if (!buffer_) buffer_ = gl::make_buffer();
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer_.get());
  // New storage: the driver keeps the old until GL's copy from it is done.
  glBufferData(GL_PIXEL_UNPACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_DRAW);
  void* mapped = glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes),
                                  GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (!mapped) return failure("rows upload: mapping " + std::to_string(bytes) + " bytes of a pixel buffer failed");
  return mapped;
}

Status RowsUpload::upload(GLuint texture, int first_row, int width, int height, const PixelRows& rows) {
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer_.get());
  const bool intact = glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER) == GL_TRUE;
  if (intact) upload_rows(texture, first_row, width, height, rows, nullptr);  // from the buffer
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (!intact) return failure("rows upload: the pixel buffer was corrupted while mapped");
  return {};
}

}  // namespace stereocl
