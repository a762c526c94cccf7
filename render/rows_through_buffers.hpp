#pragma once
// Rows moved between GL and the host through pixel buffer objects, so that neither side waits for
// the other's copy: CPU mode has GL copy the next band of depth while the host links this one, and
// composes its picture's rows straight into the memory GL uploads them from.
#include "core/result.hpp"
#include "render/gl_objects.hpp"
#include "render/pixel_transfer.hpp"

#include <array>
#include <cstddef>
#include <functional>

namespace stereocl {

// Bands of rows read a band ahead: request() starts GL's copy of a band into a buffer and returns;
// read_oldest() waits for the oldest band requested and lends it to the host where it lies, and
// take() copies it out. Two buffers: one band's copy runs while the host works on the band before
// it. Rows are tightly packed (rows.row_pitch is a row's pixels, no more).
class RowsReadAhead {
 public:
  void request(GLuint framebuffer, GLenum attachment, int first_row, int width, int height, const PixelRows& rows);
  // Fails, leaving `out` as it was, where the driver cannot map the buffer; a band of stale depth
  // would otherwise pass for a real one.
  Status take(void* out);
  // The oldest band, mapped, handed to `use` and unmapped when it returns: CPU mode's engines read
  // GL's copy in place (a copy of a 1080p frame's depth was 8.3 MB on one thread). Fails as take().
  Status read_oldest(const std::function<void(const void* rows, std::size_t bytes)>& use);
  // Drops what was requested and not taken (a frame that stopped part-way), so the next take is
  // the next request's.
  void forget() { taken_ = requested_; }

 private:
  struct Band {
    gl::Buffer buffer;
    std::size_t capacity = 0;
    std::size_t bytes = 0;
  };
  std::array<Band, 2> bands_;
  unsigned requested_ = 0, taken_ = 0;
};

// Reads colour attachment `attachment` of `framebuffer` whole through a pixel buffer object, and
// waits for it. Fails, leaving `out` unchanged, when the driver cannot map the buffer: a frame of
// stale depth would otherwise pass for a real one.
class DepthReadback {
 public:
  Status read(GLuint framebuffer, GLenum attachment, int width, int height, DepthImage& out);

 private:
  RowsReadAhead rows_;
};

// Rows uploaded from a pixel buffer the host writes into: map() gives the memory (a fresh buffer
// each time, so a copy GL has not finished never stalls the host), upload() hands the rows to the
// texture and returns while GL copies them.
class RowsUpload {
 public:
  // Room for `bytes`, or a failure naming the size where the driver cannot map a buffer.
  Result<void*> map(std::size_t bytes);
  Status upload(GLuint texture, int first_row, int width, int height, const PixelRows& rows);

 private:
  gl::Buffer buffer_;
};

}  // namespace stereocl
