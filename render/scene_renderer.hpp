#pragma once
// Draws the box and the ball into a SceneTarget: lit colour and linear depth in one pass.
#include "core/ball_physics.hpp"
#include "render/gl_objects.hpp"
#include "render/scene_target.hpp"

#include <vector>

namespace stereocl {

class SceneRenderer {
 public:
  SceneRenderer();
  // invert_depth writes 1 - depth: the far wall comes forward (wall-eyed <-> cross-eyed viewing).
  // depth_only skips the lit colour: the stereogram modes need nothing but depth, and on GPUs with
  // little raster hardware (an H100) the lighting and the extra attachment are most of the cost.
  // depth_buffer (not 0; GPU (external memory) mode): linear depth goes into that buffer,
  // target.width() floats a row, and not into the target's depth texture.
  void render(const BallPhysics& physics, bool invert_depth, SceneTarget& target, bool depth_only = false,
              GLuint depth_buffer = 0);

 private:
  struct Mesh {
    gl::VertexArray vertex_array;
    gl::Buffer vertices;
    GLsizei vertex_count = 0;
  };
  // Binds the target (or the depth buffer), clears it and makes the pass's program current.
  GLuint begin_pass(SceneTarget& target, bool invert_depth, bool depth_only, GLuint depth_buffer);
  static Mesh upload(const std::vector<float>& interleaved_position_normal);

  gl::Program program_;
  gl::Program depth_program_;
  gl::Program depth_buffer_program_;  // made on first use: it needs storage buffers, which 3.3 lacks
  Mesh box_;
  Mesh ball_;
};

}  // namespace stereocl
