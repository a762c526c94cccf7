#pragma once
// Moving pixels between GL and the host. Rows come back bottom-up, as GL stores them; images
// loaded from files are top-down, so flip_rows() converts at the boundary.
#include "core/image.hpp"
#include "core/result.hpp"
#include "render/gl_objects.hpp"

#include <algorithm>

namespace stereocl {

RgbaImage read_rgba(GLuint framebuffer, GLenum attachment, int width, int height);

// How a row of pixels is laid out in memory another API owns (a mapped OpenCL image): GL's
// format and type, the bytes of one pixel, and the bytes from one row to the next.
struct PixelRows {
  GLenum format;  // GL_RED or GL_RGBA
  GLenum type;    // GL_FLOAT or GL_UNSIGNED_BYTE
  std::size_t pixel_bytes;
  std::size_t row_pitch;
};
inline PixelRows float_rows(std::size_t row_pitch) { return {GL_RED, GL_FLOAT, sizeof(float), row_pitch}; }
inline PixelRows rgba8_rows(std::size_t row_pitch) { return {GL_RGBA, GL_UNSIGNED_BYTE, 4, row_pitch}; }
// Rows `first_row` .. `first_row` + `height` of an attachment, straight into `out`: no pixel
// buffer and no host copy in between. The pixels are glReadPixels' as ever.
void read_pixels(GLuint framebuffer, GLenum attachment, int first_row, int width, int height, const PixelRows& rows,
                 void* out);
// `data`, `width` x `height` laid out as `rows` says, into the whole of `texture`.
void upload_pixels(GLuint texture, int width, int height, const PixelRows& rows, const void* data);
// The same into rows `first_row` .. `first_row` + `height` of a texture that tall or taller.
void upload_rows(GLuint texture, int first_row, int width, int height, const PixelRows& rows, const void* data);
// A whole GL_RGBA8 texture, at the size it has.
RgbaImage read_texture_rgba(const gl::Texture& texture);
void upload_texture(GLuint texture, const DepthImage& image);
void upload_texture(GLuint texture, const RgbaImage& image);

}  // namespace stereocl
