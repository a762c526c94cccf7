#pragma once
// Draws a model as a turntable into the same SceneTarget (or depth buffer) the ball's box is
// drawn into, through the same camera and depth range (render/scene_passes.hpp), so every mode,
// algorithm and effect reads it unchanged. The model's bounding sphere is centred in the box and
// as deep as the box: its nearest possible point lands on the box's open front (depth 0, where
// the ball is nearest) and its farthest on the back wall; the background is the far plane (1).
// Seen through the box's camera the sphere stays inside the picture at any aspect, filling most
// of its height on a wide one.
#include "core/ball_physics.hpp"
#include "files/model/model_mesh.hpp"
#include "render/scene_passes.hpp"
#include "render/scene_target.hpp"

#include <glm/glm.hpp>

#include <optional>

namespace stereocl {

// The turntable's model matrix: a normalised mesh (radius 1 about the origin) scaled to the box's
// depth and turned by `angle` radians about the vertical axis.
glm::mat4 turntable_transform(float angle, glm::vec3 box_half = BoxBounds{}.half_extent);

class ModelRenderer {
 public:
  explicit ModelRenderer(const ModelMesh& mesh);  // normalised (files/model/model_mesh.hpp)
  // Another model in place of this one; the shader programs stay.
  void set_model(const ModelMesh& mesh);
  // angle: radians about the vertical axis; the caller advances it (speed, pause). invert_depth,
  // depth_only and depth_buffer: as ScenePasses::begin takes them.
  void render(float angle, bool invert_depth, SceneTarget& target, std::optional<DepthPass> depth_only = std::nullopt,
              GLuint depth_buffer = 0);

 private:
  ScenePasses passes_;
  SceneMesh mesh_;
};

}  // namespace stereocl
