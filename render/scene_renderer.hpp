#pragma once
// Draws the box and the ball into a SceneTarget: lit colour and linear depth in one pass.
#include "core/ball_physics.hpp"
#include "render/gl_objects.hpp"
#include "render/scene_target.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <vector>

namespace stereocl {

// How the stereogram modes draw depth. shaded: a fragment shader writes linear depth into the R32F
// attachment (any GL 3.3 context). z_only: the depth buffer alone, with no fragment shading, then a
// compute pass turns it into linear depth (GL 4.3): on GPUs with little raster hardware, where
// fragments run on few units while compute runs on all, a fraction of the cost
// (docs/performance.md, "A z-only depth pass").
enum class DepthPass { z_only, shaded };

class SceneRenderer {
 public:
  SceneRenderer();
  // invert_depth writes 1 - depth: the far wall comes forward (wall-eyed <-> cross-eyed viewing).
  // depth_only (drawn that way) skips the lit colour: the stereogram modes need nothing but depth,
  // and on GPUs with little raster hardware the lighting and the extra attachment are most
  // of the cost. z_only falls back to shaded where the context lacks compute shaders.
  // depth_buffer (not 0; GPU (external memory) mode): linear depth goes into that buffer,
  // target.width() floats a row, and not into the target's depth texture.
  void render(const BallPhysics& physics, bool invert_depth, SceneTarget& target,
              std::optional<DepthPass> depth_only = std::nullopt, GLuint depth_buffer = 0);
  // Whether this context runs the z-only pass (compute shaders and image stores: GL 4.3).
  static bool z_only_available();

 private:
  struct Mesh {
    gl::VertexArray vertex_array;
    gl::Buffer vertices;
    GLsizei vertex_count = 0;
  };
  // Binds the target (or the depth buffer), clears it and makes the pass's program current.
  GLuint begin_pass(SceneTarget& target, bool invert_depth, std::optional<DepthPass> depth_only, GLuint depth_buffer);
  // The z-only pass's second half: window z -> linear depth, into the target's R32F texture or the buffer.
  void linearise(const SceneTarget& target, bool invert_depth, glm::vec2 clip_planes, glm::vec2 depth_range,
                 GLuint depth_buffer);
  static Mesh upload(const std::vector<float>& interleaved_position_normal);

  gl::Program program_;
  gl::Program depth_program_;
  gl::Program depth_buffer_program_;  // made on first use: it needs storage buffers, which 3.3 lacks
  gl::Program z_only_program_;
  gl::Program linear_depth_program_;            // these two on first use too: compute needs 4.3
  gl::Program linear_depth_to_buffer_program_;
  Mesh box_;
  Mesh ball_;
};

}  // namespace stereocl
