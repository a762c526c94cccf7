#include "render/presenter.hpp"

#include <algorithm>

namespace stereocl {

Rect fit_centred(int image_width, int image_height, int framebuffer_width, int framebuffer_height) {
  if (image_width <= 0 || image_height <= 0 || framebuffer_width <= 0 || framebuffer_height <= 0) return {};
  int width = image_width, height = image_height;
  if (width > framebuffer_width || height > framebuffer_height) {
    const double scale = std::min(static_cast<double>(framebuffer_width) / width,
                                  static_cast<double>(framebuffer_height) / height);
    width = std::max(1, static_cast<int>(width * scale));
    height = std::max(1, static_cast<int>(height * scale));
  }
  return {(framebuffer_width - width) / 2, (framebuffer_height - height) / 2, width, height};
}

void present(GLuint image_framebuffer, int image_width, int image_height, int framebuffer_width,
             int framebuffer_height, const Rect& to) {
  if (framebuffer_width <= 0 || framebuffer_height <= 0) return;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glClearColor(0.08f, 0.08f, 0.09f, 1.f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (to.width == 0) return;
  const bool one_to_one = to.width == image_width && to.height == image_height;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, image_framebuffer);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glBlitFramebuffer(0, 0, image_width, image_height, to.x, to.y, to.x + to.width, to.y + to.height,
                    GL_COLOR_BUFFER_BIT, one_to_one ? GL_NEAREST : GL_LINEAR);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

}  // namespace stereocl
