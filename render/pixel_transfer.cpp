#include "render/pixel_transfer.hpp"

namespace stereocl {

RgbaImage read_rgba(GLuint framebuffer, GLenum attachment, int width, int height) {
  RgbaImage image(width, height);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glReadBuffer(attachment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  return image;
}

void read_pixels(GLuint framebuffer, GLenum attachment, int first_row, int width, int height, const PixelRows& rows,
                 void* out) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glReadBuffer(attachment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ROW_LENGTH, static_cast<GLint>(rows.row_pitch / rows.pixel_bytes));
  glReadPixels(0, first_row, width, height, rows.format, rows.type, out);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

void upload_pixels(GLuint texture, int width, int height, const PixelRows& rows, const void* data) {
  upload_rows(texture, 0, width, height, rows, data);
}

void upload_rows(GLuint texture, int first_row, int width, int height, const PixelRows& rows, const void* data) {
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, static_cast<GLint>(rows.row_pitch / rows.pixel_bytes));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, first_row, width, height, rows.format, rows.type, data);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
}

RgbaImage read_texture_rgba(const gl::Texture& texture) {
  GLint width = 0, height = 0;
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &height);
  RgbaImage image(width, height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return image;
}

void upload_texture(GLuint texture, const DepthImage& image) {
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image.width, image.height, GL_RED, GL_FLOAT, image.pixels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

void upload_texture(GLuint texture, const RgbaImage& image) {
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace stereocl
