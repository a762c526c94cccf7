#include "files/model/built_in_models.hpp"

#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace stereocl {
namespace {

// The trefoil: p = 2 turns round the axis while q = 3 round the tube's core circle.
constexpr int kKnotTurns = 2, kKnotWindings = 3;
constexpr int kKnotSegments = 384, kTubeSegments = 24;  // smooth at full-screen size, ~18k triangles
constexpr float kTubeRadius = 0.55f;                    // the strands do not touch at the crossings

glm::vec3 knot_curve(float u) {
  const float r = 2.f + std::cos(kKnotWindings * u);
  return {r * std::cos(kKnotTurns * u), r * std::sin(kKnotTurns * u), std::sin(kKnotWindings * u)};
}

// A ring of the tube round the curve at u: a frame of the tangent and the point's direction
// from the axis, which never lines up with the tangent on this curve.
void add_knot_ring(float u, ModelMesh& mesh) {
  const glm::vec3 here = knot_curve(u), ahead = knot_curve(u + 1e-3f);
  const glm::vec3 tangent = ahead - here;
  const glm::vec3 binormal = glm::normalize(glm::cross(tangent, ahead + here));
  const glm::vec3 normal = glm::normalize(glm::cross(binormal, tangent));
  for (int j = 0; j < kTubeSegments; ++j) {
    const float v = glm::two_pi<float>() * static_cast<float>(j) / kTubeSegments;
    const glm::vec3 outwards = std::cos(v) * normal + std::sin(v) * binormal;
    mesh.positions.push_back(here + kTubeRadius * outwards);
    mesh.normals.push_back(outwards);
  }
}

// Two triangles a cell between consecutive rings, wrapping round both ways: the tube closes on
// itself, so every edge is shared. Wound anticlockwise seen from outside the tube.
void add_tube_cells(ModelMesh& mesh) {
  const auto at = [](int i, int j) {
    return static_cast<std::uint32_t>((i % kKnotSegments) * kTubeSegments + j % kTubeSegments);
  };
  for (int i = 0; i < kKnotSegments; ++i)
    for (int j = 0; j < kTubeSegments; ++j)
      mesh.indices.insert(mesh.indices.end(),
                          {at(i, j), at(i + 1, j + 1), at(i + 1, j), at(i, j), at(i, j + 1), at(i + 1, j + 1)});
}

// --- The logo: assets/stereocl.svg's shapes (SVG units, y down) raised from its rounded tile.

void add_triangle(ModelMesh& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 normal) {
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  mesh.positions.insert(mesh.positions.end(), {a, b, c});
  mesh.normals.insert(mesh.normals.end(), {normal, normal, normal});
  mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2});
}

// The wall under the outline's edge a -> b (anticlockwise seen from +z), from z0 up to z1.
void add_wall(ModelMesh& mesh, glm::vec2 a, glm::vec2 b, float z0, float z1) {
  const glm::vec3 out = glm::normalize(glm::vec3(b.y - a.y, a.x - b.x, 0.f));
  add_triangle(mesh, {a, z0}, {b, z0}, {b, z1}, out);
  add_triangle(mesh, {a, z0}, {b, z1}, {a, z1}, out);
}

// A convex outline, anticlockwise seen from +z, as a solid from z0 to z1.
void extrude_convex(const std::vector<glm::vec2>& outline, float z0, float z1, ModelMesh& mesh) {
  const std::size_t n = outline.size();
  for (std::size_t i = 1; i + 1 < n; ++i) {
    add_triangle(mesh, {outline[0], z1}, {outline[i], z1}, {outline[i + 1], z1}, {0.f, 0.f, 1.f});
    add_triangle(mesh, {outline[0], z0}, {outline[i + 1], z0}, {outline[i], z0}, {0.f, 0.f, -1.f});
  }
  for (std::size_t i = 0; i < n; ++i) add_wall(mesh, outline[i], outline[(i + 1) % n], z0, z1);
}

glm::vec2 on_circle(glm::vec2 centre, float radius, int step, int steps) {
  const float angle = glm::two_pi<float>() * static_cast<float>(step % steps) / static_cast<float>(steps);
  return centre + radius * glm::vec2(std::cos(angle), std::sin(angle));
}

// A flat ring (the logo's circle, drawn as a stroke) as a solid from z0 to z1.
void extrude_ring(glm::vec2 centre, float inner, float outer, float z0, float z1, ModelMesh& mesh) {
  constexpr int kSteps = 64;
  for (int i = 0; i < kSteps; ++i) {
    const glm::vec2 a_in = on_circle(centre, inner, i, kSteps), b_in = on_circle(centre, inner, i + 1, kSteps);
    const glm::vec2 a_out = on_circle(centre, outer, i, kSteps), b_out = on_circle(centre, outer, i + 1, kSteps);
    add_triangle(mesh, {a_in, z1}, {a_out, z1}, {b_out, z1}, {0.f, 0.f, 1.f});
    add_triangle(mesh, {a_in, z1}, {b_out, z1}, {b_in, z1}, {0.f, 0.f, 1.f});
    add_triangle(mesh, {a_in, z0}, {b_out, z0}, {a_out, z0}, {0.f, 0.f, -1.f});
    add_triangle(mesh, {a_in, z0}, {b_in, z0}, {b_out, z0}, {0.f, 0.f, -1.f});
    add_wall(mesh, a_out, b_out, z0, z1);
    add_wall(mesh, b_in, a_in, z0, z1);  // the inner wall faces the hole
  }
}

glm::vec2 from_svg(float x, float y) { return {x, 128.f - y}; }

std::vector<glm::vec2> rounded_square(float size, float corner) {
  constexpr int kCornerSteps = 8;
  const glm::vec2 centres[] = {
      {size - corner, corner}, {size - corner, size - corner}, {corner, size - corner}, {corner, corner}};
  std::vector<glm::vec2> outline;
  for (int c = 0; c < 4; ++c)
    for (int step = 0; step <= kCornerSteps; ++step)
      outline.push_back(on_circle(centres[c], corner, (c - 1) * kCornerSteps + step, 4 * kCornerSteps));
  return outline;
}

std::vector<glm::vec2> disc(glm::vec2 centre, float radius) {
  std::vector<glm::vec2> outline;
  for (int i = 0; i < 32; ++i) outline.push_back(on_circle(centre, radius, i, 32));
  return outline;
}

// A horizontal stroke of the SVG from x0 to x1 at height y, `width` thick.
void extrude_stroke(float x0, float x1, float y, float width, float z1, ModelMesh& mesh) {
  const float h = 0.5f * width;
  extrude_convex({from_svg(x0, y + h), from_svg(x1, y + h), from_svg(x1, y - h), from_svg(x0, y - h)}, -1.f, z1, mesh);
}

// A dashed stroke: dashes `on` long with `off` between, cut at x = 112 as SVG's stroke is.
void extrude_dashes(float y, float on, float off, float z1, ModelMesh& mesh) {
  for (float x = 16.f; x < 112.f; x += on + off) extrude_stroke(x, std::min(x + on, 112.f), y, 6.f, z1, mesh);
}

constexpr BuiltInModel kModels[] = {
    {"torus-knot", "a trefoil knot: a tube that winds three times round a ring", torus_knot},
    {"logo", "the stereocl logo, its stripes, eyes and circle raised from the tile", logo_model},
};

}  // namespace

std::span<const BuiltInModel> built_in_models() { return kModels; }

const BuiltInModel* find_built_in_model(std::string_view name) {
  const auto* found = std::find_if(std::begin(kModels), std::end(kModels),
                                   [&](const BuiltInModel& model) { return model.name == name; });
  return found == std::end(kModels) ? nullptr : found;
}

ModelMesh torus_knot() {
  ModelMesh mesh;
  for (int i = 0; i < kKnotSegments; ++i)
    add_knot_ring(glm::two_pi<float>() * static_cast<float>(i) / kKnotSegments, mesh);
  add_tube_cells(mesh);
  return normalised(std::move(mesh));
}

// The tile is 12 deep behind z = 0; the stripes stand 8 proud of it, the eyes 12, the circle
// 20, so the circle reads nearest in a depth map, as the SVG draws it on top.
ModelMesh logo_model() {
  ModelMesh mesh;
  extrude_convex(rounded_square(128.f, 20.f), -12.f, 0.f, mesh);
  for (float y : {40.f, 88.f, 108.f}) extrude_stroke(16.f, 112.f, y, 6.f, 8.f, mesh);
  extrude_dashes(56.f, 10.f, 6.f, 8.f, mesh);
  extrude_dashes(72.f, 8.f, 5.f, 8.f, mesh);
  for (float x : {48.f, 80.f}) extrude_convex(disc(from_svg(x, 20.f), 6.f), -1.f, 12.f, mesh);
  extrude_ring(from_svg(64.f, 64.f), 16.f, 20.f, -1.f, 20.f, mesh);
  return normalised(std::move(mesh));
}

}  // namespace stereocl
