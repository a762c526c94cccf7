#include "render/scene_renderer.hpp"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <optional>
#include <vector>

namespace stereocl {
namespace {

void push_vertex(std::vector<float>& out, glm::vec3 p, glm::vec3 n) {
  out.insert(out.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
}

// The five inner faces of the box (no front), normals pointing inwards at the viewer.
std::vector<float> box_faces(glm::vec3 h) {
  std::vector<float> out;
  const auto quad = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 n) {
    for (glm::vec3 p : {a, b, c, a, c, d}) push_vertex(out, p, n);
  };
  quad({-h.x, -h.y, -h.z}, {h.x, -h.y, -h.z}, {h.x, h.y, -h.z}, {-h.x, h.y, -h.z}, {0, 0, 1});   // back
  quad({-h.x, -h.y, h.z}, {h.x, -h.y, h.z}, {h.x, -h.y, -h.z}, {-h.x, -h.y, -h.z}, {0, 1, 0});   // floor
  quad({-h.x, h.y, -h.z}, {h.x, h.y, -h.z}, {h.x, h.y, h.z}, {-h.x, h.y, h.z}, {0, -1, 0});      // ceiling
  quad({-h.x, -h.y, h.z}, {-h.x, -h.y, -h.z}, {-h.x, h.y, -h.z}, {-h.x, h.y, h.z}, {1, 0, 0});   // left
  quad({h.x, -h.y, -h.z}, {h.x, -h.y, h.z}, {h.x, h.y, h.z}, {h.x, h.y, -h.z}, {-1, 0, 0});      // right
  return out;
}

std::vector<float> unit_sphere(int slices, int stacks) {
  std::vector<float> out;
  const auto point = [&](int slice, int stack) {
    const float theta = glm::two_pi<float>() * static_cast<float>(slice) / static_cast<float>(slices);
    const float phi = glm::pi<float>() * static_cast<float>(stack) / static_cast<float>(stacks);
    return glm::vec3(std::sin(phi) * std::cos(theta), std::cos(phi), std::sin(phi) * std::sin(theta));
  };
  for (int stack = 0; stack < stacks; ++stack)
    for (int slice = 0; slice < slices; ++slice) {
      const glm::vec3 a = point(slice, stack), b = point(slice + 1, stack);
      const glm::vec3 c = point(slice + 1, stack + 1), d = point(slice, stack + 1);
      for (glm::vec3 p : {a, c, b, a, d, c}) push_vertex(out, p, p);
    }
  return out;
}

// The pixels the ball can cover: its bounding cube's corners projected, a pixel added round for
// the rasteriser's rounding. None where a corner lies behind the camera (then all is drawn).
std::optional<PixelRect> ball_pixels(const SceneCamera& camera, glm::vec3 centre, float radius, int width,
                                     int height) {
  const glm::vec2 size(static_cast<float>(width), static_cast<float>(height));
  glm::vec2 low(INFINITY), high(-INFINITY);
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 offset((corner & 1) ? radius : -radius, (corner & 2) ? radius : -radius,
                           (corner & 4) ? radius : -radius);
    const glm::vec4 clip = camera.projection * camera.view * glm::vec4(centre + offset, 1.f);
    if (!(clip.w > 0.f)) return std::nullopt;
    const glm::vec2 window = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * size;
    low = glm::min(low, window);
    high = glm::max(high, window);
  }
  low = glm::floor(glm::max(low, glm::vec2(-1.f))) - 1.f;
  high = glm::ceil(glm::min(high, size + 1.f)) + 1.f;
  return PixelRect{static_cast<int>(low.x), static_cast<int>(low.y), static_cast<int>(high.x),
                   static_cast<int>(high.y)};
}

}  // namespace

SceneRenderer::SceneRenderer()
    : box_(upload_mesh(box_faces(BoxBounds{}.half_extent))), ball_(upload_mesh(unit_sphere(48, 24))) {}

float SceneRenderer::ball_x(const BallPhysics& physics, float aspect) {
  const SceneCamera camera = frame_box(physics.box.half_extent, aspect);
  const glm::vec4 clip = camera.projection * camera.view * glm::vec4(physics.state.position, 1.f);
  return 0.5f * (clip.x / clip.w + 1.f);
}

void SceneRenderer::render(const BallPhysics& physics, bool invert_depth, SceneTarget& target,
                           std::optional<DepthPass> depth_only, GLuint depth_buffer) {
  const float aspect = static_cast<float>(target.width()) / static_cast<float>(target.height());
  const SceneCamera camera = frame_box(physics.box.half_extent, aspect);
  // The box stands still: a z-only pass redraws only round the ball (ScenePasses::begin).
  const GLuint program = passes_.begin(target, camera, invert_depth, depth_only, depth_buffer,
                                       ball_pixels(camera, physics.state.position, physics.radius, target.width(),
                                                   target.height()));
  const glm::mat4 identity(1.f);
  draw_mesh(program, box_, {identity, glm::vec3(0.55f, 0.62f, 0.72f), true});
  const glm::mat4 ball_model = glm::scale(glm::translate(identity, physics.state.position), glm::vec3(physics.radius));
  draw_mesh(program, ball_, {ball_model, glm::vec3(0.95f, 0.35f, 0.2f), false});
  passes_.end();
}

}  // namespace stereocl
