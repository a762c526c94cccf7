#include "compute/stereogram/symmetric_cpu.hpp"

#include "compute/stereogram/symmetric_groups.hpp"

#include <algorithm>
#include <climits>

namespace stereocl {

namespace {

// The link the scene point at linking pixel x makes, if both its pixels lie in the row and
// both eyes see it.
bool scene_point_link(const int* separations, int linking_width, const SymmetricPlan& plan, int x,
                      SymmetricLink& link) {
  const int s = separations[x / plan.oversample];
  link.point = x;
  link.left = x - s / 2;
  link.right = link.left + s;
  return link.left >= 0 && link.right < linking_width && both_eyes_see(separations, linking_width, plan, x, s);
}

// One partner on each side, the nearer link winning (netpbm's pamstereogram since 10.71): where a
// sloping surface sends two scene points to one pixel, the paper's chain merging ties their two
// groups into one and the picture shows a doubled dot. Here the shorter link (the nearer point)
// claims each end; a link is kept when it holds both of its ends. That is a rule on the set of
// links, not on the order they were found in, so a device can apply it in parallel.
// left_of[x] is the left end of point x's link or -1; same[] receives each kept link's right end
// at its left end. right_claim and left_claim are scratch.
void keep_nearer_links(int linking_width, const int* left_of, const int* separations, int oversample, int* same,
                       std::vector<int>& right_claim, std::vector<int>& left_claim) {
  right_claim.assign(static_cast<std::size_t>(linking_width), INT_MAX);
  left_claim.assign(static_cast<std::size_t>(linking_width), -1);
  for (int x = 0; x < linking_width; ++x) {
    const int left = left_of[x];
    if (left < 0) continue;
    const int right = left + separations[x / oversample];
    right_claim[left] = std::min(right_claim[left], right);
    left_claim[right] = std::max(left_claim[right], left);
  }
  for (int x = 0; x < linking_width; ++x) same[x] = x;
  for (int x = 0; x < linking_width; ++x) {
    const int left = left_of[x];
    if (left < 0) continue;
    const int right = left + separations[x / oversample];
    if (right_claim[left] == right && left_claim[right] == left) same[left] = right;
  }
}

}  // namespace

void linking_separations(const float* depth, int width, int row, const SymmetricPlan& plan, int* separations) {
  const int dither = separation_dither(row, plan.dot_rows);
  for (int x = 0; x < width; ++x) separations[x] = row_separation(plan, depth[x], dither);
}

bool both_eyes_see(const int* separations, int linking_width, const SymmetricPlan& plan, int x, int s) {
  // The ray from the point to an eye passes linking pixel x -/+ t at the separation
  // E (s - 2t) / (E - 2t); a surface there with a smaller separation is nearer and blocks it.
  // Multiplied out, so the test is exact in integers.
  const int eye = plan.eye_separation;
  for (int t = 1; eye * (s - 2 * t) > plan.nearest_separation * (eye - 2 * t); ++t) {
    const int ray = eye * (s - 2 * t);
    const int span = eye - 2 * t;
    if (x - t >= 0 && separations[(x - t) / plan.oversample] * span < ray) return false;
    if (x + t < linking_width && separations[(x + t) / plan.oversample] * span < ray) return false;
  }
  return true;
}

namespace {

// The row's linking, shared by the coordinates and the link list: separations per depth pixel,
// every visible point's link (left_of[x], its left end, or -1), and in same[] each kept link's
// right end at its left end (a pixel without one holds itself).
void link_row(const float* depth, int width, int row, const SymmetricPlan& plan, SymmetricRowScratch& scratch) {
  const int linking_width = width * plan.oversample;
  scratch.separations.resize(static_cast<std::size_t>(width));
  scratch.left_of.resize(static_cast<std::size_t>(linking_width));
  scratch.same.resize(static_cast<std::size_t>(linking_width));
  const int* separations = scratch.separations.data();
  linking_separations(depth, width, row, plan, scratch.separations.data());
  SymmetricLink link;
  for (int x = 0; x < linking_width; ++x)
    scratch.left_of[x] = scene_point_link(separations, linking_width, plan, x, link) ? link.left : -1;
  keep_nearer_links(linking_width, scratch.left_of.data(), separations, plan.oversample, scratch.same.data(),
                    scratch.top, scratch.best);
}

}  // namespace

std::vector<SymmetricLink> symmetric_links_row(const float* depth, int width, int row, const SymmetricPlan& plan) {
  SymmetricRowScratch scratch;
  link_row(depth, width, row, plan, scratch);
  std::vector<SymmetricLink> links;
  for (int x = 0; x < width * plan.oversample; ++x) {
    const int left = scratch.left_of[x];
    if (left < 0) continue;
    const int right = left + scratch.separations[x / plan.oversample];
    links.push_back({x, left, right, scratch.same[left] == right});
  }
  return links;
}

void symmetric_coordinates_row(const float* depth, int width, int row, const SymmetricPlan& plan, float* coordinates,
                               SymmetricRowScratch& scratch) {
  const int linking_width = width * plan.oversample;
  const int centre = linking_width / 2;
  link_row(depth, width, row, plan, scratch);  // leaves top and best linking_width long
  const int* separations = scratch.separations.data();
  const int* same = scratch.same.data();

  chain_ends(same, linking_width, scratch.top.data());
  find_roots(linking_width, centre, scratch.top, scratch.best);
  if (plan.group_colour == GroupColour::flowing)
    find_phases(linking_width, centre, separations, plan, scratch.top, scratch.best);
  // Each output pixel shows the group of its middle linking pixel: one whole dot, never a blend.
  for (int x = 0; x < width; ++x) {
    const int root = scratch.top[x * plan.oversample + plan.oversample / 2];
    const int column = group_column(row, root, plan, scratch.best);
    coordinates[x] = static_cast<float>(column) * plan.inverse_pattern_columns;
  }
}

OffsetImage symmetric_coordinates_reference(const DepthImage& depth, const SymmetricPlan& plan) {
  OffsetImage coordinates(depth.width, depth.height);
  SymmetricRowScratch scratch;
  for (int y = 0; y < depth.height; ++y)
    symmetric_coordinates_row(depth.row(y), depth.width, y, plan, coordinates.row(y), scratch);
  return coordinates;
}

}  // namespace stereocl
