#include "render/fullscreen_pass.hpp"

#include "render/shader_program.hpp"

namespace stereocl {

FullscreenPass::FullscreenPass(std::string_view fragment_file, std::string_view fragment_defines)
    : program_(gl::link_program("fullscreen.vert.glsl", fragment_file, fragment_defines)), empty_vertex_array_(gl::make_vertex_array()) {}

void FullscreenPass::draw() const {
  glBindVertexArray(empty_vertex_array_.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
}

}  // namespace stereocl
