#include "render/model_renderer.hpp"

#include <glm/gtc/matrix_transform.hpp>

#include <vector>

namespace stereocl {
namespace {

// The logo's yellow (assets/stereocl.svg), a little darker so the highlights do not burn out.
constexpr glm::vec3 kModelColour(0.85f, 0.72f, 0.3f);

SceneMesh upload_model(const ModelMesh& mesh) {
  if (mesh.indices.empty()) return upload_mesh({});  // no triangles: nothing is drawn
  // A mesh made elsewhere may lack normals; the lighting then uses the triangles' own.
  const std::vector<glm::vec3> normals =
      mesh.normals.size() == mesh.positions.size() ? mesh.normals : vertex_normals(mesh.positions, mesh.indices);
  std::vector<float> interleaved;
  interleaved.reserve(6 * mesh.positions.size());
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const glm::vec3 p = mesh.positions[i], n = normals[i];
    interleaved.insert(interleaved.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
  }
  return upload_mesh(interleaved, mesh.indices);
}

}  // namespace

glm::mat4 turntable_transform(float angle, glm::vec3 box_half) {
  const glm::mat4 scale = glm::scale(glm::mat4(1.f), glm::vec3(box_half.z));
  return glm::rotate(scale, angle, glm::vec3(0.f, 1.f, 0.f));
}

ModelRenderer::ModelRenderer(const ModelMesh& mesh) : mesh_(upload_model(mesh)) {}

void ModelRenderer::set_model(const ModelMesh& mesh) { mesh_ = upload_model(mesh); }

void ModelRenderer::render(float angle, bool invert_depth, SceneTarget& target, std::optional<DepthPass> depth_only,
                           GLuint depth_buffer) {
  const glm::vec3 half = BoxBounds{}.half_extent;
  const float aspect = static_cast<float>(target.width()) / static_cast<float>(target.height());
  const GLuint program = passes_.begin(target, frame_box(half, aspect), invert_depth, depth_only, depth_buffer);
  if (mesh_.count > 0) draw_mesh(program, mesh_, {turntable_transform(angle, half), kModelColour, false});
  passes_.end();
}

}  // namespace stereocl
