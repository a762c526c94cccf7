#pragma once
// Draws the box and the ball into a SceneTarget: lit colour and linear depth in one pass
// (render/scene_passes.hpp: the camera, the passes and DepthPass, which a model's turntable shares).
#include "core/ball_physics.hpp"
#include "render/scene_passes.hpp"
#include "render/scene_target.hpp"

#include <glm/glm.hpp>

#include <optional>

namespace stereocl {

class SceneRenderer {
 public:
  SceneRenderer();
  // invert_depth, depth_only and depth_buffer: as ScenePasses::begin takes them.
  void render(const BallPhysics& physics, bool invert_depth, SceneTarget& target,
              std::optional<DepthPass> depth_only = std::nullopt, GLuint depth_buffer = 0);
  // Where the ball's centre falls across a picture of this aspect (0 left, 1 right).
  static float ball_x(const BallPhysics& physics, float aspect);
  // Whether this context runs the z-only pass (compute shaders and image stores: GL 4.3).
  static bool z_only_available() { return ScenePasses::z_only_available(); }

 private:
  ScenePasses passes_;
  SceneMesh box_;
  SceneMesh ball_;
};

}  // namespace stereocl
