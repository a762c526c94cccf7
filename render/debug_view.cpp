#include "render/debug_view.hpp"


namespace stereocl {
namespace {
constexpr int kShowDepth = 0;  // values of the shader's `what` uniform
constexpr int kShowOffsets = 1;
}  // namespace

DebugViewer::DebugViewer()
    : pass_("debug_view.frag.glsl") {}

DisplayImage DebugViewer::show_depth(GLuint depth_texture, int width, int height) {
  return draw(depth_texture, width, height, kShowDepth);
}

DisplayImage DebugViewer::show_offsets(GLuint offsets_texture, int width, int height) {
  return draw(offsets_texture, width, height, kShowOffsets);
}

DisplayImage DebugViewer::draw(GLuint texture, int width, int height, int what) {
  if (target_.width() != width || target_.height() != height) target_ = ColourTarget(width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, target_.framebuffer());
  glViewport(0, 0, width, height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  pass_.use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glUniform1i(pass_.uniform("source"), 0);
  glUniform1i(pass_.uniform("what"), what);
  pass_.draw();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return target_.display();
}

}  // namespace stereocl
