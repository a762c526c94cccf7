#include "render/colour_target.hpp"

#include "render/scene_target.hpp"

#include <stdexcept>

namespace stereocl {

ColourTarget::ColourTarget(int width, int height)
    : width_(width),
      height_(height),
      texture_(gl::make_texture_2d(GL_RGBA8, width, height, GL_RGBA, GL_UNSIGNED_BYTE)),
      framebuffer_(gl::make_framebuffer()) {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.get(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error("colour framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
                             " is incomplete: " + framebuffer_status_name(status));
}

}  // namespace stereocl
