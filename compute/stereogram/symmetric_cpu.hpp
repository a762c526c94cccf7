#pragma once
// The symmetric stereogram on the CPU. Every scene point that both eyes see asks to tie the two
// pixels it projects to (left = x - s/2, right = left + s) to one colour. Each pixel keeps at
// most one partner on each side, the nearer point's link winning, so groups of tied pixels are
// chains that never merge sideways. Each group is named by its root, the member nearest the
// row's centre, so generation starts in the middle (no seam at x = P) and nothing depends on the
// order links were found in. A group's pattern column is hashed (from its root and its row: a
// group the animation does not touch keeps its dot, and distinct groups share one only by chance),
// anchored (its root's position modulo the pattern) or flowing (the phase of the root beside
// it, one pixel nearer the centre, plus pattern_columns / separation: a pattern image runs on
// smoothly). Either way a row's colours depend only on that row's depth, so rows the animation
// does not touch keep every pixel.
//
// Output per pixel: the pattern coordinate the compositor samples, in pattern widths, always
// a whole pattern column (column / pattern_columns), so nothing is sampled between pixels.
#include "core/image.hpp"
#include "compute/stereogram/symmetric_params.hpp"

#include <vector>

namespace stereocl {

struct SymmetricLink {
  int point = 0;  // the scene point's linking pixel: the link's midpoint, up to rounding
  int left = 0;
  int right = 0;
  bool kept = false;  // it won both its ends (it may lose one to a nearer point's link)
  friend bool operator==(const SymmetricLink&, const SymmetricLink&) = default;
};

// Per depth pixel of one row: its separation in whole linking pixels, from the plan's table
// rounded at the row's threshold (separation_dither()). row as for symmetric_coordinates_row().
void linking_separations(const float* depth, int width, int row, const SymmetricPlan& plan, int* separations);

// The paper's hidden-surface test for the scene point at linking pixel x, separation s: walks
// the rays to both eyes until they rise above the nearest possible surface; false if the depth
// map is in front of either ray. separations are per depth pixel (linking pixel / oversample).
bool both_eyes_see(const int* separations, int linking_width, const SymmetricPlan& plan, int x, int s);

// Every link the visible points of one row ask for, in point order, each marked kept or not
// (for tests and tools).
std::vector<SymmetricLink> symmetric_links_row(const float* depth, int width, int row, const SymmetricPlan& plan);

// Reusable per-row buffers, so a caller that runs frame after frame does not allocate.
struct SymmetricRowScratch {
  std::vector<int> separations, left_of, same, top, best;
};

// One row: depth has `width` values, coordinates receives `width` values. row: its index in the
// picture (GL order, bottom row 0), which hashed group colours depend on.
void symmetric_coordinates_row(const float* depth, int width, int row, const SymmetricPlan& plan, float* coordinates,
                               SymmetricRowScratch& scratch);

// Single-threaded and written for reading: the oracle every other version (symmetric_fast_cpu.hpp,
// the kernels, the shader) is tested against, bit for bit.
OffsetImage symmetric_coordinates_reference(const DepthImage& depth, const SymmetricPlan& plan);

}  // namespace stereocl
