#include "render/scene_target.hpp"

#include <stdexcept>

namespace stereocl {

SceneTarget::SceneTarget(int width, int height)
    : width_(width),
      height_(height),
      colour_(gl::make_texture_2d(GL_RGBA8, width, height, GL_RGBA, GL_UNSIGNED_BYTE)),
      linear_depth_(gl::make_texture_2d(GL_R32F, width, height, GL_RED, GL_FLOAT)),
      depth_buffer_(gl::make_renderbuffer()),
      framebuffer_(gl::make_framebuffer()) {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_.get(), 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, linear_depth_.get(), 0);
  const GLenum draw_buffers[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, draw_buffers);

  // GL_DEPTH_COMPONENT32 is what we ask for; it is not a required renderbuffer format, so a
  // driver may refuse it, and 24 bits is plenty for a box this size.
  GLenum status = GL_FRAMEBUFFER_UNSUPPORTED;
  for (GLenum format : {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT24}) {
    glBindRenderbuffer(GL_RENDERBUFFER, depth_buffer_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, format, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_buffer_.get());
    status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status == GL_FRAMEBUFFER_COMPLETE) break;
  }
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error("scene framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
                             " is incomplete: " + framebuffer_status_name(status));
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
