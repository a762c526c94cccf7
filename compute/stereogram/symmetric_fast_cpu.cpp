#include "compute/stereogram/symmetric_fast_cpu.hpp"

#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_groups.hpp"
#include "core/thread_count.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

namespace stereocl {

namespace {

__extension__ using Wide = unsigned __int128;  // GCC's and Clang's 128-bit product, pedantic or not

// a / d and a % d for a run-time constant d and any 32-bit a, by two multiplications: exact
// (Lemire, Kaser & Kurz 2019), where a division costs tens of cycles.
class ExactDivisor {
 public:
  explicit ExactDivisor(std::uint32_t d) : d_(d), m_(d > 1 ? UINT64_MAX / d + 1 : 0) {}
  std::uint32_t quotient(std::uint32_t a) const {
    return d_ == 1 ? a : static_cast<std::uint32_t>((static_cast<Wide>(m_) * a) >> 64);
  }
  // d = 1 needs no branch here: m = 0 gives 0.
  std::uint32_t remainder(std::uint32_t a) const { return static_cast<std::uint32_t>((static_cast<Wide>(m_ * a) * d_) >> 64); }

 private:
  std::uint32_t d_;
  std::uint64_t m_;
};

// How many steps the hidden-surface walk takes for separation s: it goes on while the rays are
// still below the nearest possible surface (both_eyes_see's loop condition).
int walk_steps(int s, const SymmetricPlan& plan) {
  const int eye = plan.eye_separation;
  int t = 1;
  while (eye * (s - 2 * t) > plan.nearest_separation * (eye - 2 * t)) ++t;
  return t - 1;
}

// The smallest of `values` within [x - reach, x + reach] (clipped to the row), or something
// smaller, for every x: van Herk / Gil-Werman, minima from each block's start (window_end) and
// to each block's end (window_start) in blocks of 2 reach + 1; a window spans at most two
// blocks. Where a clipped window lies in one block the block's minimum stands for it: smaller,
// so only ever sending a pixel to the exact walk.
void sliding_minimum(const int* values, int count, int reach, std::vector<int>& window_start,
                     std::vector<int>& window_end) {
  const int block = 2 * reach + 1;
  window_start.resize(static_cast<std::size_t>(count));
  window_end.resize(static_cast<std::size_t>(count));
  for (int start = 0; start < count; start += block) {  // block by block: no division per pixel
    const int end = std::min(count, start + block);
    window_end[start] = values[start];
    for (int x = start + 1; x < end; ++x) window_end[x] = std::min(window_end[x - 1], values[x]);
    window_start[end - 1] = values[end - 1];
    for (int x = end - 2; x >= start; --x) window_start[x] = std::min(window_start[x + 1], values[x]);
  }
}

// The reference's walk, on separations at the linking resolution.
bool both_eyes_see_linking(const int* linking, int linking_width, const SymmetricPlan& plan, int x, int s) {
  const int eye = plan.eye_separation;
  for (int t = 1; eye * (s - 2 * t) > plan.nearest_separation * (eye - 2 * t); ++t) {
    const int ray = eye * (s - 2 * t);
    const int span = eye - 2 * t;
    if (x - t >= 0 && linking[x - t] * span < ray) return false;
    if (x + t < linking_width && linking[x + t] * span < ray) return false;
  }
  return true;
}

// Every visible point's link, claims included (keep_nearer_links in symmetric_cpu.cpp), and the
// kept ones into same[]. A walk step blocks only where a separation is below E (s - 2t) / (E - 2t),
// which falls as t grows where s < E: a window minimum m with m (E - 2) >= E (s - 2) blocks no step.
void link_row_fast(const int* linking, int linking_width, const SymmetricPlan& plan, SymmetricFastScratch& scratch) {
  const int eye = plan.eye_separation;
  const int reach = std::max(1, walk_steps(*std::max_element(linking, linking + linking_width), plan));
  sliding_minimum(linking, linking_width, reach, scratch.window_start, scratch.window_end);
  scratch.right_claim.assign(static_cast<std::size_t>(linking_width), INT_MAX);
  scratch.left_claim.assign(static_cast<std::size_t>(linking_width), -1);
  scratch.left_of.resize(static_cast<std::size_t>(linking_width));
  scratch.same.resize(static_cast<std::size_t>(linking_width));
  int* left_of = scratch.left_of.data();
  int* same = scratch.same.data();
  for (int x = 0; x < linking_width; ++x) {
    const int s = linking[x];
    const int left = x - s / 2;
    const int right = left + s;
    left_of[x] = -1;
    same[x] = x;
    if (left < 0 || right >= linking_width) continue;
    const int nearest_in_reach = std::min(scratch.window_start[std::max(0, x - reach)],
                                          scratch.window_end[std::min(linking_width - 1, x + reach)]);
    const bool unblockable = s < eye && nearest_in_reach * (eye - 2) >= eye * (s - 2);
    if (!unblockable && !both_eyes_see_linking(linking, linking_width, plan, x, s)) continue;
    left_of[x] = left;
    scratch.right_claim[left] = std::min(scratch.right_claim[left], right);
    scratch.left_claim[right] = std::max(scratch.left_claim[right], left);
  }
  for (int x = 0; x < linking_width; ++x) {
    const int left = left_of[x];
    if (left < 0) continue;
    const int right = left + linking[x];
    if (scratch.right_claim[left] == right && scratch.left_claim[right] == left) same[left] = right;
  }
}

// chain_ends and find_roots (symmetric_groups.cpp) in two passes instead of four: from right to
// left a chain's right end comes before its other members, so its best key starts there, and
// needs no pass to clear it.
void find_roots_fast(const int* same, int linking_width, int centre, std::vector<int>& top, std::vector<int>& best) {
  top.resize(static_cast<std::size_t>(linking_width));
  best.resize(static_cast<std::size_t>(linking_width));
  for (int x = linking_width - 1; x >= 0; --x) {
    const int key = centre_key(x, centre);
    if (same[x] == x) {
      top[x] = x;
      best[x] = key;
    } else {
      const int end = top[same[x]];
      top[x] = end;
      best[end] = std::min(best[end], key);
    }
  }
  for (int x = 0; x < linking_width; ++x) top[x] = key_position(best[top[x]], centre);
}

// Each output pixel's coordinate from the root of its middle linking pixel; one loop per kind
// of column, so no choice is made per pixel.
template <typename ColumnOfRoot>
void write_each(int width, const SymmetricPlan& plan, const int* root_of, float* coordinates, ColumnOfRoot column_of) {
  const int middle = plan.oversample / 2;
  for (int x = 0; x < width; ++x)
    coordinates[x] =
        static_cast<float>(column_of(static_cast<std::uint32_t>(root_of[x * plan.oversample + middle]))) *
        plan.inverse_pattern_columns;
}

// hashed_column and the anchored column (symmetric_groups.cpp) with their divisions exact and cheap.
void write_columns(int row, int width, const SymmetricPlan& plan, const std::vector<int>& phase, const int* root_of,
                   float* coordinates) {
  const ExactDivisor columns(static_cast<std::uint32_t>(plan.pattern_columns));
  const ExactDivisor dot_columns(static_cast<std::uint32_t>(plan.dot_columns));
  const ExactDivisor oversample(static_cast<std::uint32_t>(plan.oversample));
  const auto dot_row = static_cast<std::uint32_t>(row / plan.dot_rows);
  switch (plan.group_colour) {
    case GroupColour::hashed:
      if (plan.dot_columns == 1)
        return write_each(width, plan, root_of, coordinates,
                          [&](std::uint32_t root) { return columns.remainder(dot_hash(root, dot_row)); });
      return write_each(width, plan, root_of, coordinates, [&](std::uint32_t root) {
        return columns.remainder(dot_hash(dot_columns.quotient(root), dot_row));
      });
    case GroupColour::anchored:
      return write_each(width, plan, root_of, coordinates,
                        [&](std::uint32_t root) { return columns.remainder(oversample.quotient(root)); });
    case GroupColour::flowing: break;
  }
  write_each(width, plan, root_of, coordinates,
             [&](std::uint32_t root) { return static_cast<std::uint32_t>(phase[root] >> kPhaseBits); });
}

}  // namespace

void symmetric_coordinates_row_fast(const float* depth, int width, int row, const SymmetricPlan& plan,
                                    float* coordinates, SymmetricFastScratch& scratch) {
  const int linking_width = width * plan.oversample;
  const int centre = linking_width / 2;
  scratch.separations.resize(static_cast<std::size_t>(width));
  linking_separations(depth, width, row, plan, scratch.separations.data());
  const int* linking = scratch.separations.data();
  if (plan.oversample > 1) {
    scratch.linking.resize(static_cast<std::size_t>(linking_width));
    for (int x = 0, at = 0; x < width; ++x)
      for (int copy = 0; copy < plan.oversample; ++copy) scratch.linking[at++] = scratch.separations[x];
    linking = scratch.linking.data();
  }
  link_row_fast(linking, linking_width, plan, scratch);
  find_roots_fast(scratch.same.data(), linking_width, centre, scratch.top, scratch.best);
  if (plan.group_colour == GroupColour::flowing)
    find_phases(linking_width, centre, scratch.separations.data(), plan, scratch.top, scratch.best);
  write_columns(row, width, plan, scratch.best, scratch.top.data(), coordinates);
}

void symmetric_coordinates_parallel(DepthView depth, const SymmetricPlan& plan, int threads,
                                    OffsetImage& coordinates, int first_row) {
  if (coordinates.width != depth.width || coordinates.height != depth.height)
    coordinates = OffsetImage(depth.width, depth.height);
#pragma omp parallel num_threads(resolve_thread_count(threads))
  {
    // OpenMP keeps its threads from one parallel region to the next, so a thread's buffers
    // outlive the frame: no row of a later frame allocates.
    thread_local SymmetricFastScratch scratch;
    // Rows cost alike; small chunks still even out the ones the walk takes longer on.
#pragma omp for schedule(dynamic, 4)
    for (int y = 0; y < depth.height; ++y)
      symmetric_coordinates_row_fast(depth.row(y), depth.width, first_row + y, plan, coordinates.row(y), scratch);
  }
}

}  // namespace stereocl
