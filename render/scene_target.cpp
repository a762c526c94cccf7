#include "render/scene_target.hpp"

#include <stdexcept>

namespace stereocl {
namespace {
// Versions are unique in the process, so a target made where a freed one stood never passes for it.
std::uint64_t next_depth_buffer_version() {
  static std::uint64_t last = 0;
  return ++last;
}
}  // namespace

SceneTarget::SceneTarget(int width, int height, bool colour, bool depth_buffer)
    : width_(width),
      height_(height),
      linear_depth_(gl::make_texture_2d(GL_R32F, width, height, GL_RED, GL_FLOAT)),
      framebuffer_(gl::make_framebuffer()) {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, linear_depth_.get(), 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  want_depth_buffer(depth_buffer);
  want_colour(colour);
}

void SceneTarget::want_depth_buffer(bool wanted) {
  if (wanted == has_depth_buffer()) return;
  // A float depth texture, not a renderbuffer: the z-only pass's compute half reads it
  // (linear_depth.comp.glsl). GL_DEPTH_COMPONENT32F is a required texture format since GL 3.0.
  window_depth_ = wanted ? gl::make_texture_2d(GL_DEPTH_COMPONENT32F, width_, height_, GL_DEPTH_COMPONENT, GL_FLOAT)
                         : gl::Texture{};
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, window_depth_.get(), 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  new_depth_buffer_version();
}

void SceneTarget::new_depth_buffer_version() { depth_buffer_version_ = next_depth_buffer_version(); }

void SceneTarget::want_colour(bool wanted) {
  if (wanted == has_colour() && framebuffer_checked_) return;
  colour_ = wanted ? gl::make_texture_2d(GL_RGBA8, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE) : gl::Texture{};
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_.get(), 0);
  set_draw_buffers();
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error("scene framebuffer " + std::to_string(width_) + "x" + std::to_string(height_) +
                             " is incomplete: " + framebuffer_status_name(status));
  framebuffer_checked_ = true;
}

void SceneTarget::set_draw_buffers() const {
  // A draw buffer naming an attachment without an image makes a GL 3.3 framebuffer incomplete.
  const GLenum draw_buffers[] = {has_colour() ? GLenum{GL_COLOR_ATTACHMENT0} : GLenum{GL_NONE}, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, draw_buffers);
}

std::string framebuffer_status_name(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_COMPLETE: return "GL_FRAMEBUFFER_COMPLETE";
    case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    default: return "framebuffer status " + std::to_string(status);
  }
}

}  // namespace stereocl
