#pragma once
// An RGBA8 texture with a framebuffer around it: something to draw into, blit from, read back
// or share with OpenCL.
#include "render/gl_objects.hpp"

namespace stereocl {

// What the window shows this frame, wherever it came from.
struct DisplayImage {
  GLuint framebuffer = 0;
  const gl::Texture* texture = nullptr;
  int width = 0;
  int height = 0;
};

class ColourTarget {
 public:
  ColourTarget() = default;
  ColourTarget(int width, int height);  // throws std::runtime_error if the FBO is incomplete

  int width() const { return width_; }
  int height() const { return height_; }
  const gl::Texture& texture() const { return texture_; }
  GLuint framebuffer() const { return framebuffer_.get(); }
  DisplayImage display() const { return {framebuffer(), &texture_, width_, height_}; }
  explicit operator bool() const { return static_cast<bool>(texture_); }

 private:
  int width_ = 0, height_ = 0;
  gl::Texture texture_;
  gl::Framebuffer framebuffer_;
};

}  // namespace stereocl
