// The models made by code: non-empty, normalised like a loaded model, and closed solids wound
// outwards, so no view of the turntable looks into a hole or at an inside-out face.
#include "files/model/built_in_models.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace stereocl {
namespace {

// Vertices at the same place are one corner: the logo's faces each have their own vertices
// (flat normals), so edges are matched by position, which the builders compute once a corner.
using Corner = std::tuple<float, float, float>;
using Edge = std::pair<Corner, Corner>;

Corner corner(const glm::vec3& p) { return {p.x, p.y, p.z}; }

// Closed and consistently wound: every edge is walked once each way.
void expect_closed(const ModelMesh& mesh) {
  std::map<Edge, int> walked;
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3)
    for (std::size_t k = 0; k < 3; ++k) {
      const Corner from = corner(mesh.positions[mesh.indices[t + k]]);
      const Corner to = corner(mesh.positions[mesh.indices[t + (k + 1) % 3]]);
      ++walked[{from, to}];
    }
  std::size_t open = 0, doubled = 0;
  for (const auto& [edge, count] : walked) {
    open += walked.count({edge.second, edge.first}) == 0 ? 1 : 0;
    doubled += count > 1 ? 1 : 0;
  }
  EXPECT_EQ(open, 0u) << "edges walked one way only, of " << walked.size();
  EXPECT_EQ(doubled, 0u) << "edges walked twice the same way, of " << walked.size();
}

// Wound outwards: the enclosed volume (divergence theorem over the triangles) is positive.
float signed_volume(const ModelMesh& mesh) {
  double volume = 0;
  for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
    const glm::vec3 a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]];
    const glm::vec3 c = mesh.positions[mesh.indices[t + 2]];
    volume += glm::dot(a, glm::cross(b, c)) / 6.0;
  }
  return static_cast<float>(volume);
}

TEST(BuiltInModels, AreClosedNonEmptyAndNormalised) {
  ASSERT_EQ(built_in_models().size(), 2u);
  for (const BuiltInModel& model : built_in_models()) {
    SCOPED_TRACE(model.name);
    const ModelMesh mesh = model.make();
    ASSERT_GT(mesh.triangle_count(), 100u);
    ASSERT_EQ(mesh.indices.size() % 3, 0u);
    ASSERT_EQ(mesh.normals.size(), mesh.positions.size());
    for (std::uint32_t index : mesh.indices) ASSERT_LT(index, mesh.positions.size());
    glm::vec3 low(INFINITY), high(-INFINITY);
    float farthest = 0.f;
    for (const glm::vec3& p : mesh.positions) {
      low = glm::min(low, p);
      high = glm::max(high, p);
      farthest = std::max(farthest, glm::length(p));
    }
    EXPECT_NEAR(farthest, 1.f, 1e-5f);
    for (int axis = 0; axis < 3; ++axis) EXPECT_NEAR(low[axis] + high[axis], 0.f, 1e-5f);
    expect_closed(mesh);
    EXPECT_GT(signed_volume(mesh), 0.01f);
    for (const glm::vec3& n : mesh.normals) ASSERT_NEAR(glm::length(n), 1.f, 1e-4f);
  }
}

TEST(BuiltInModels, NormalsPointOutOfTheSolid) {
  // Each triangle's stated normals agree with its winding (outwards, as the volume says).
  for (const BuiltInModel& model : built_in_models()) {
    const ModelMesh mesh = model.make();
    std::size_t against = 0;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
      const glm::vec3 a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]];
      const glm::vec3 face = glm::cross(b - a, mesh.positions[mesh.indices[t + 2]] - a);
      against += glm::dot(face, mesh.normals[mesh.indices[t]]) < 0.f ? 1 : 0;
    }
    EXPECT_EQ(against, 0u) << model.name;
  }
}

TEST(BuiltInModels, AreFoundByName) {
  ASSERT_NE(find_built_in_model("torus-knot"), nullptr);
  EXPECT_EQ(find_built_in_model("torus-knot")->make, &torus_knot);
  ASSERT_NE(find_built_in_model("logo"), nullptr);
  EXPECT_EQ(find_built_in_model("logo")->make, &logo_model);
  EXPECT_EQ(find_built_in_model("teapot"), nullptr);
  for (const BuiltInModel& model : built_in_models()) EXPECT_GT(std::string(model.summary).size(), 10u);
}

// The logo faces the viewer: the circle stands proudest, so the nearest points (largest z) are
// the circle's, about the centre of the tile.
TEST(BuiltInModels, TheLogosCircleIsItsNearestPart) {
  const ModelMesh logo = logo_model();
  const auto nearest = std::max_element(logo.positions.begin(), logo.positions.end(),
                                        [](const glm::vec3& a, const glm::vec3& b) { return a.z < b.z; });
  const float distance_from_axis = glm::length(glm::vec2(nearest->x, nearest->y));
  EXPECT_GT(distance_from_axis, 0.15f);  // on the circle (radius 16..20 of the tile's 64 half side)
  EXPECT_LT(distance_from_axis, 0.25f);
}

}  // namespace
}  // namespace stereocl
