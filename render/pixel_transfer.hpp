#pragma once
// Moving pixels between GL and the host. Rows come back bottom-up, as GL stores them; images
// loaded from files are top-down, so flip_rows() converts at the boundary.
#include "core/image.hpp"
#include "core/result.hpp"
#include "render/gl_objects.hpp"

#include <algorithm>

namespace stereocl {

// Reads colour attachment `attachment` of `framebuffer` through a pixel buffer object. Fails,
// leaving `out` unchanged, when the driver cannot map the buffer: a frame of stale depth would
// otherwise pass for a real one.
class DepthReadback {
 public:
  Status read(GLuint framebuffer, GLenum attachment, int width, int height, DepthImage& out);

 private:
  gl::Buffer pixel_buffer_;
  std::size_t capacity_ = 0;
};

RgbaImage read_rgba(GLuint framebuffer, GLenum attachment, int width, int height);
// A whole GL_RGBA8 texture, at the size it has.
RgbaImage read_texture_rgba(const gl::Texture& texture);
void upload_texture(GLuint texture, const DepthImage& image);
void upload_texture(GLuint texture, const RgbaImage& image);

template <class Pixel>
void flip_rows(Image<Pixel>& image) {
  for (int y = 0; y < image.height / 2; ++y)
    std::swap_ranges(image.row(y), image.row(y) + image.width, image.row(image.height - 1 - y));
}

}  // namespace stereocl
