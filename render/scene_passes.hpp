#pragma once
// What every depth source drawn each frame shares (the ball's box, a model's turntable): the
// camera that frames the box, meshes on the GPU, and the passes that write lit colour and linear
// depth into a SceneTarget, or linear depth into a GL buffer. One camera and one depth range for
// all, so a model's depth reads on the same scale as the ball's.
#include "render/gl_objects.hpp"
#include "render/scene_target.hpp"

#include <glm/glm.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace stereocl {

// How the stereogram modes draw depth. shaded: a fragment shader writes linear depth into the R32F
// attachment (any GL 3.3 context). z_only: the depth buffer alone, with no fragment shading, then a
// compute pass turns it into linear depth (GL 4.3): on GPUs with little raster hardware, where
// fragments run on few units while compute runs on all, a fraction of the cost
// (docs/performance.md, "A z-only depth pass").
enum class DepthPass { z_only, shaded };

struct SceneCamera {
  glm::vec3 position;
  glm::vec3 light_position;
  glm::vec2 depth_range;  // the box's front and back, as distances from the camera: depth 0 and 1
  glm::vec2 clip_planes;
  glm::mat4 projection;
  glm::mat4 view;
};

// The camera in front of the open box of half extent `half`, its front framed for `aspect`.
SceneCamera frame_box(glm::vec3 half, float aspect);

// A mesh on the GPU: interleaved position and normal (attributes 0 and 1 of scene.vert.glsl),
// drawn as listed or through 32-bit indices.
struct SceneMesh {
  gl::VertexArray vertex_array;
  gl::Buffer vertices;
  gl::Buffer indices;
  GLsizei count = 0;  // vertices, or indices where indexed
  bool indexed = false;
};
SceneMesh upload_mesh(const std::vector<float>& interleaved_position_normal,
                      const std::vector<std::uint32_t>& indices = {});

struct Surface {
  glm::mat4 model;
  glm::vec3 colour;
  bool checkered = false;  // the box's walls: their slant reads in Scene mode
};
void draw_mesh(GLuint program, const SceneMesh& mesh, const Surface& surface);

// Pixels [x0, x1) x [y0, y1) of a target, y up as GL counts it.
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// One frame's pass: begin() binds the target (or the depth buffer), clears it to the far value
// and the background, makes the pass's program current with the camera set; the caller draws its
// meshes with that program; end() finishes (the z-only pass's linear depth) and unbinds.
// invert_depth writes 1 - depth: the far wall comes forward (wall-eyed <-> cross-eyed viewing).
// depth_only (drawn that way) skips the lit colour: the stereogram modes need nothing but depth,
// and on GPUs with little raster hardware the lighting and the extra attachment are most
// of the cost; the target keeps a colour texture only while its draws make one (want_colour).
// z_only falls back to shaded where the context lacks compute shaders.
// depth_buffer (not 0; GPU (external memory) mode): linear depth goes into that buffer,
// target.width() floats a row, and not into the target's depth texture.
// moving (z-only only): where the meshes that move cover the target this frame; everything else
// stands still. Where the depth buffer still holds this pass's previous frame (same target, size
// and camera, nobody else drew), only the moving rectangles of that frame and this one are
// cleared and drawn again, scissored, and the rest of the buffer keeps its depth: the same bits a
// full draw gives, for the raster work of a rectangle round the ball. On GPUs with little raster
// hardware the wall-to-wall depth samples of the static box were most of a frame's render
// (docs/performance.md, "Depth drawn where the ball moves"). The linearising half still runs
// on every pixel, so the linear depth is whole whatever held it before.
class ScenePasses {
 public:
  ScenePasses();
  GLuint begin(SceneTarget& target, const SceneCamera& camera, bool invert_depth, std::optional<DepthPass> depth_only,
               GLuint depth_buffer, std::optional<PixelRect> moving = std::nullopt);
  void end();
  // Whether this context runs the z-only pass (compute shaders and image stores: GL 4.3).
  static bool z_only_available();

 private:
  struct Pass {
    SceneTarget* target = nullptr;
    SceneCamera camera{};
    bool invert_depth = false;
    bool z_only = false;
    GLuint depth_buffer = 0;
  };
  // What a z-only pass left in a target's depth buffer. A few are remembered, newest first: a
  // pipelined frame draws into two targets in turn.
  static constexpr std::size_t kTargetsRemembered = 4;
  struct DrawnDepth {
    std::uint64_t version = 0;  // SceneTarget::depth_buffer_version() right after it
    glm::mat4 projection{0.f};
    glm::mat4 view{0.f};
    PixelRect moving;
  };
  GLuint bind_and_clear(std::optional<DepthPass> depth_only, std::optional<PixelRect> moving);
  // The rectangle a z-only pass has to draw again, or none where it draws everything; remembers
  // this frame's moving rectangle for the target's next.
  std::optional<PixelRect> redrawn_region(std::optional<PixelRect> moving);
  GLuint bind_depth_buffer();
  // The z-only pass's second half: window z -> linear depth, into the target's R32F texture or the buffer.
  void linearise();

  Pass pass_;
  std::vector<DrawnDepth> drawn_;
  gl::Program program_;
  gl::Program depth_program_;
  gl::Program depth_buffer_program_;  // made on first use: it needs storage buffers, which 3.3 lacks
  gl::Program z_only_program_;
  gl::Program linear_depth_program_;  // these two on first use too: compute needs 4.3
  gl::Program linear_depth_to_buffer_program_;
};

}  // namespace stereocl
