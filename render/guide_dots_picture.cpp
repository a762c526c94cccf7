#include "render/guide_dots_picture.hpp"

#include "render/pixel_transfer.hpp"

namespace stereocl {

RgbaImage picture_with_guide_dots(const DisplayImage& image, int pattern_width, ConvergenceDots& dots,
                                  ColourTarget& scratch) {
  const int width = image.width, height = image.height + kDotBandHeight;
  if (scratch.width() != width || scratch.height() != height) scratch = ColourTarget(width, height);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, scratch.framebuffer());
  glViewport(0, 0, width, height);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // GL rows go up: the picture at the bottom, the band above it, as in the window.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, image.framebuffer);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glBlitFramebuffer(0, 0, image.width, image.height, 0, 0, image.width, image.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  dots.draw(convergence_dot_layout(Rect{0, 0, image.width, image.height}, image.width, pattern_width, height), width, height);
  RgbaImage picture = read_rgba(scratch.framebuffer(), GL_COLOR_ATTACHMENT0, width, height);
  flip_rows(picture);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return picture;
}

}  // namespace stereocl
