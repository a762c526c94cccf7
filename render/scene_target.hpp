#pragma once
// The framebuffer the scene renders into: colour 0 is the lit picture (RGBA8), colour 1 holds
// linear depth in [0,1] (GL_R32F) -- the texture the stereogram step and OpenCL read. Depth
// lives in a colour attachment because GL depth buffers are non-linear and cannot be shared
// with OpenCL on every driver (no cl_khr_gl_depth_images on NVIDIA).
#include "render/gl_objects.hpp"

#include <cstdint>
#include <string>

namespace stereocl {

class SceneTarget {
 public:
  // throws std::runtime_error if the FBO is incomplete; `colour` and `depth_buffer`: as
  // want_colour() and want_depth_buffer() take them.
  SceneTarget(int width, int height, bool colour = true, bool depth_buffer = true);

  int width() const { return width_; }
  int height() const { return height_; }
  GLuint framebuffer() const { return framebuffer_.get(); }
  const gl::Texture& colour_texture() const { return colour_; }  // empty without colour
  // The lit colour is a frame's need, not the target's: 4 bytes a pixel that the stereogram modes
  // never show. Attaches an RGBA8 texture where `wanted` and there is none, frees it where not.
  void want_colour(bool wanted);
  bool has_colour() const { return static_cast<bool>(colour_); }
  // GL_COLOR_ATTACHMENT0 and 1 where there is colour, GL_NONE and 1 where not: what a pass that
  // draws both sets, and leaves set.
  void set_draw_buffers() const;
  const gl::Texture& depth_texture() const { return linear_depth_; }
  // The depth buffer itself (window z, GL_DEPTH_COMPONENT32F): only the z-only pass reads it.
  const gl::Texture& window_depth_texture() const { return window_depth_; }
  // The depth buffer is a draw's need: 4 bytes a pixel that a target showing a still depth map
  // never uses. Attaches one where `wanted` and there is none, frees it where not.
  void want_depth_buffer(bool wanted);
  bool has_depth_buffer() const { return static_cast<bool>(window_depth_); }
  // Which contents the depth buffer holds: a number no other target or draw has had, taken anew
  // by a new buffer and by every pass that clears it whole. A pass that redraws only what moved
  // (ScenePasses) checks that nobody else drew in between.
  std::uint64_t depth_buffer_version() const { return depth_buffer_version_; }
  void new_depth_buffer_version();
  // Where the source drawn last stands across the picture (0 left, 1 right): --pattern scene cuts
  // its pattern around it, from the colour drawn with this target's depth.
  float subject_x = 0.5f;

 private:
  int width_;
  int height_;
  gl::Texture colour_;
  gl::Texture linear_depth_;
  gl::Texture window_depth_;
  gl::Framebuffer framebuffer_;
  bool framebuffer_checked_ = false;
  std::uint64_t depth_buffer_version_ = 0;
};

// "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT" and friends, for messages.
std::string framebuffer_status_name(GLenum status);

}  // namespace stereocl
