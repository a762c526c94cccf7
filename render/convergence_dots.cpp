#include "render/convergence_dots.hpp"

#include <algorithm>
#include <cmath>

namespace stereocl {

DotLayout convergence_dot_layout(const Rect& image, int image_width, int pattern_width, int framebuffer_height,
                                 float ui_scale) {
  DotLayout layout;
  if (image.width <= 0 || image_width <= 0) return layout;
  const float scale = static_cast<float>(image.width) / static_cast<float>(image_width);
  const float period = static_cast<float>(pattern_width) * scale;
  // In proportion to the period, so they look the same on a HiDPI screen where the period is
  // physically smaller, and at least 1% of the picture's width across, so the back of a room sees
  // them on a projector; never so small they vanish, never so big they touch.
  const float for_the_room = static_cast<float>(image.width) * kDotDiameterShare / 2.0f;
  // The cap wins over the floor where the two cross (a narrow pattern at a large scale).
  layout.radius = std::min(std::max(std::max(period * 0.06f, for_the_room) * ui_scale, 3.0f * ui_scale), period * 0.25f);
  layout.rim = std::max(1.5f, layout.radius * 0.25f);
  const float centre_x = static_cast<float>(image.x) + static_cast<float>(image.width) / 2.0f;
  layout.left_x = centre_x - period / 2.0f;
  layout.right_x = centre_x + period / 2.0f;
  const float top = static_cast<float>(image.y + image.height);
  const float room_above = static_cast<float>(framebuffer_height) - top;
  layout.y = room_above >= 2.0f * layout.radius + 2.0f ? top + std::min(room_above / 2.0f, 4.0f * layout.radius)
                                                        : top - 3.0f * layout.radius;
  return layout;
}

ConvergenceDots::ConvergenceDots()
    : pass_("dots.frag.glsl") {}

void ConvergenceDots::draw(const DotLayout& layout, int framebuffer_width, int framebuffer_height) {
  if (layout.radius <= 0) return;
  // Only the pixels around the two dots run the shader.
  const float margin = layout.radius + 2.0f;
  const int x0 = static_cast<int>(std::floor(layout.left_x - margin));
  const int x1 = static_cast<int>(std::ceil(layout.right_x + margin));
  const int y0 = static_cast<int>(std::floor(layout.y - margin));
  const int y1 = static_cast<int>(std::ceil(layout.y + margin));
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, y0, x1 - x0, y1 - y0);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  pass_.use();
  glUniform2f(pass_.uniform("left"), layout.left_x, layout.y);
  glUniform2f(pass_.uniform("right"), layout.right_x, layout.y);
  glUniform1f(pass_.uniform("radius"), layout.radius);
  glUniform1f(pass_.uniform("rim"), layout.rim);
  pass_.draw();
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace stereocl
