#pragma once
// A fragment shader run once per pixel of the viewport: the program and the empty vertex array
// that the one covering triangle of shaders/fullscreen.vert.glsl needs (a core profile insists on
// a bound vertex array even without attributes). Framebuffer, viewport and blending stay the
// caller's business.
#include "render/gl_objects.hpp"

#include <string_view>

namespace stereocl {

class FullscreenPass {
 public:
  explicit FullscreenPass(std::string_view fragment_file, std::string_view fragment_defines = {});

  // Makes the program current; set uniforms after this.
  void use() const { glUseProgram(program_.get()); }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_.get(), name); }
  GLuint program() const { return program_.get(); }
  void draw() const;

 private:
  gl::Program program_;
  gl::VertexArray empty_vertex_array_;
};

}  // namespace stereocl
