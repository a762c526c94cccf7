#include "compute/stereogram/symmetric_fast_cpu.hpp"

#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_groups.hpp"
#include "core/thread_count.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>

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

// For every x, the smallest of `values` in [x, x + span) (clipped to the row), into `minima`, for
// the smallest power of two span with 2 span >= 2 reach + 1; returns span. Any window of
// 2 reach + 1 values is then the union of two spans, one from each of its ends: exact inside the
// row; at its edges the spans may reach past a clipped window, giving something smaller, which
// only ever sends a pixel to the exact walk. Doubling passes of independent minima, where a
// running minimum (van Herk / Gil-Werman) is a chain of dependent steps: each pass vectorises,
// with native 32-bit minima where the CPU has them (simd_level.hpp).
int sliding_minimum(const int* values, int count, int reach, std::vector<int>& minima, std::vector<int>& spare) {
  minima.resize(static_cast<std::size_t>(count));
  spare.resize(static_cast<std::size_t>(count));
  const int* from = values;  // reach >= 1: at least one pass, so the result is in one of the two
  int span = 1;
  for (; 2 * span < 2 * reach + 1; span *= 2) {
    int* to = from == minima.data() ? spare.data() : minima.data();
    const int inside = std::max(0, count - span);
    [&](const int* __restrict in, int* __restrict out) {
      for (int x = 0; x < inside; ++x) out[x] = std::min(in[x], in[x + span]);
      for (int x = inside; x < count; ++x) out[x] = in[x];
    }(from, to);
    from = to;
  }
  if (from != minima.data()) minima.swap(spare);
  return span;
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

// How many steps the hidden-surface walk takes (both_eyes_see's loop goes on while the rays are
// still below the nearest possible surface), for every separation up to `largest`, into steps[s].
// The loop's condition, E (s - 2t) > N (E - 2t), only ever gets truer as s grows, so the count
// never falls, and one pass with t carried over finds them all.
void walk_steps_table(int largest, const SymmetricPlan& plan, std::vector<int>& steps) {
  steps.resize(static_cast<std::size_t>(largest) + 1);
  const int eye = plan.eye_separation;
  int t = 1;
  for (int s = 0; s <= largest; ++s) {
    while (eye * (s - 2 * t) > plan.nearest_separation * (eye - 2 * t)) ++t;
    steps[static_cast<std::size_t>(s)] = t - 1;
  }
}

// both_eyes_see_linking for a point whose walk stays inside the row (the caller's bounds), its
// `steps` eight at a time. Its steps' tests are independent of each other: on a slope, where the
// windows' test sends most points to the walk and no step blocks, the loop above is a chain of
// ~20 dependent compares and branches, and here it is three blocks of vector operations with one
// branch at the end. Which step blocks first does not matter, only whether any does, so the answer
// is the loop's.
using WalkLanes = int __attribute__((vector_size(8 * sizeof(int))));
constexpr int kWalkLanes = 8;
constexpr WalkLanes kLane = {0, 1, 2, 3, 4, 5, 6, 7};
// The baseline build (SSE2) walks step by step: its vector products are emulated, and eight lanes
// there are slower than the loop (random depth 2.7x, docs/performance.md).
enum class Walk { step_by_step, eight_steps_at_a_time };

inline bool any_lane(WalkLanes lanes) {
  std::uint64_t words[4];
  std::memcpy(words, &lanes, sizeof words);
  return (words[0] | words[1] | words[2] | words[3]) != 0;
}

inline bool both_eyes_see_inside(const int* linking, int eye, int x, int s, int steps) {
  WalkLanes blocked = {};
  for (int first = 1; first <= steps; first += kWalkLanes) {
    // Right of x the lanes hold steps t = first + lane; left of it, loaded from the lowest address,
    // t = last - lane. The ray E (s - 2t) and the span E - 2t, per lane.
    const int last = first + kWalkLanes - 1;
    const WalkLanes right_ray = eye * (s - 2 * first) - 2 * eye * kLane;
    const WalkLanes left_ray = eye * (s - 2 * last) + 2 * eye * kLane;
    const WalkLanes right_span = (eye - 2 * first) - 2 * kLane;
    const WalkLanes left_span = (eye - 2 * last) + 2 * kLane;
    const WalkLanes right_taken = kLane <= steps - first, left_taken = kLane >= last - steps;
    WalkLanes right, left;
    std::memcpy(&right, linking + x + first, sizeof right);
    std::memcpy(&left, linking + x - last, sizeof left);
    blocked |= (right_taken & (right * right_span < right_ray)) | (left_taken & (left * left_span < left_ray));
    // Where depth is rough a near step blocks most walks: the first block ends them, as the loop
    // above would; on a slope the later blocks run without waiting on a test each.
    if (first == 1 && any_lane(blocked)) return false;
  }
  return !any_lane(blocked);
}

constexpr int kWalk = -2;  // left_of's mark for a point whose rays the exact walk must follow

// A point's link end from its separation and the smallest separation within the walk's reach:
// -1 where the link leaves the row, kWalk where a nearer surface may block a ray. A walk step
// blocks only where a separation is below E (s - 2t) / (E - 2t), which falls as t grows where
// s < E: a window minimum m with m (E - 2) >= E (s - 2) blocks no step. The window holds x, so
// m <= s, and that test is E (2 - (s - m)) >= 2 m: true at m = s, at m = s - 1 where 2 m <= E,
// never below. Compares only, where the products would cost the vectorised loop emulated
// multiplications.
inline int link_or_walk(int x, int s, int nearest, int eye, int linking_width) {
  const int left = x - (s >> 1);  // s >= 1: the shift is s / 2 without the sign's fix-up
  const bool in_row = (left >= 0) & (left + s < linking_width);  // & not &&: no branch to vectorise around
  const bool unblockable = (s < eye) & ((nearest == s) | ((nearest + 1 == s) & (2 * nearest <= eye)));
  return in_row ? (unblockable ? left : kWalk) : -1;
}

// link_or_walk over x in [first, last), where the windows need no clipping: each the union of the
// spans from its two ends. Restricted pointers and no early exit let the compiler vectorise it.
void links_inside(const int* __restrict linking, const int* __restrict minima, int first, int last, int reach,
                  int span, int eye, int linking_width, int* __restrict left_of) {
  for (int x = first; x < last; ++x)
    left_of[x] =
        link_or_walk(x, linking[x], std::min(minima[x - reach], minima[x + reach + 1 - span]), eye, linking_width);
}

// Every point's left end (or -1) into left_of: first with no walk, in a loop of plain arithmetic
// the compiler vectorises over the row (the windows clipped only at its edges), then the exact walk
// for the points that test cannot decide: few on a smooth surface, most on a slope. `walk` says how
// the build walks them; points within reach + 7 of the row's ends walk step by step in both.
template <Walk walk>
void find_links(const int* linking, int linking_width, int reach, int span, const SymmetricPlan& plan,
                SymmetricFastScratch& scratch) {
  const int eye = plan.eye_separation;
  const int* minima = scratch.window_minima.data();
  int* left_of = scratch.left_of.data();
  const auto clipped = [&](int x) {
    const int start = std::max(0, x - reach), end = std::min(linking_width - 1, x + reach);
    const int nearest = std::min(minima[start], minima[std::max(start, end + 1 - span)]);
    left_of[x] = link_or_walk(x, linking[x], nearest, eye, linking_width);
  };
  const int first = std::min(reach, linking_width), last = std::max(first, linking_width - reach);
  for (int x = 0; x < first; ++x) clipped(x);
  links_inside(linking, minima, first, last, reach, span, eye, linking_width, left_of);
  for (int x = last; x < linking_width; ++x) clipped(x);
  // No point walks past `reach` steps, so a block of lanes reads at most reach + 7 either side.
  const int inside_first = reach + kWalkLanes - 1, inside_last = linking_width - reach - kWalkLanes;
  const int* steps = scratch.walk_steps.data();
  for (int x = 0; x < linking_width; ++x)
    if (left_of[x] == kWalk) {
      const bool seen = walk == Walk::eight_steps_at_a_time && x >= inside_first && x < inside_last
                            ? both_eyes_see_inside(linking, eye, x, linking[x], steps[linking[x]])
                            : both_eyes_see_linking(linking, linking_width, plan, x, linking[x]);
      left_of[x] = seen ? x - linking[x] / 2 : -1;
    }
}

// keep_nearer_links (symmetric_cpu.cpp), on the links find_links left.
void keep_nearer_links_fast(const int* linking, int linking_width, SymmetricFastScratch& scratch) {
  scratch.right_claim.assign(static_cast<std::size_t>(linking_width), INT_MAX);
  scratch.left_claim.assign(static_cast<std::size_t>(linking_width), -1);
  scratch.same.resize(static_cast<std::size_t>(linking_width));
  const int* left_of = scratch.left_of.data();
  int* right_claim = scratch.right_claim.data();
  int* left_claim = scratch.left_claim.data();
  int* same = scratch.same.data();
  for (int x = 0; x < linking_width; ++x) {
    const int left = left_of[x];
    if (left < 0) continue;
    const int right = left + linking[x];
    right_claim[left] = std::min(right_claim[left], right);
    left_claim[right] = std::max(left_claim[right], left);
  }
  for (int x = 0; x < linking_width; ++x) same[x] = x;
  for (int x = 0; x < linking_width; ++x) {
    const int left = left_of[x];
    if (left < 0) continue;
    const int right = left + linking[x];
    if (right_claim[left] == right && left_claim[right] == left) same[left] = right;
  }
}

// Every visible point's link and the kept ones into same[] (link_row in symmetric_cpu.cpp).
template <Walk walk>
void link_row_fast(const int* linking, int linking_width, const SymmetricPlan& plan, SymmetricFastScratch& scratch) {
  const int largest = *std::max_element(linking, linking + linking_width);
  walk_steps_table(largest, plan, scratch.walk_steps);
  const int reach = std::max(1, scratch.walk_steps[static_cast<std::size_t>(largest)]);
  const int span = sliding_minimum(linking, linking_width, reach, scratch.window_minima, scratch.spare);
  scratch.left_of.resize(static_cast<std::size_t>(linking_width));
  find_links<walk>(linking, linking_width, reach, span, plan, scratch);
  keep_nearer_links_fast(linking, linking_width, scratch);
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

// A chain end's column as hashed_column or the anchored column (symmetric_groups.cpp) gives its
// root's, with their divisions exact and cheap; one callable per kind, chosen once a row.
template <typename Use>
void with_root_column(int row, const SymmetricPlan& plan, Use use) {
  const ExactDivisor columns(static_cast<std::uint32_t>(plan.pattern_columns));
  const ExactDivisor dot_columns(static_cast<std::uint32_t>(plan.dot_columns));
  const ExactDivisor oversample(static_cast<std::uint32_t>(plan.oversample));
  const auto dot_row = static_cast<std::uint32_t>(row / plan.dot_rows);
  if (plan.group_colour == GroupColour::anchored)
    return use([&](std::uint32_t root) { return columns.remainder(oversample.quotient(root)); });
  if (plan.dot_columns == 1) return use([&](std::uint32_t root) { return columns.remainder(dot_hash(root, dot_row)); });
  use([&](std::uint32_t root) { return columns.remainder(dot_hash(dot_columns.quotient(root), dot_row)); });
}

// Hashed and anchored groups take their column from the root alone, and a chain has one root, so
// the column is made once a chain (at its end) and each output pixel looks its chain's up: a row
// has a few chains a pattern width, where it has a pixel per linking pixel. From right to left a
// chain's end comes before its other members, so one pass finds every pixel's end and each end's
// root (the member with the smallest centre key, as find_roots).
void colour_by_chain_ends(const int* same, int width, int row, const SymmetricPlan& plan, SymmetricFastScratch& scratch,
                          float* coordinates) {
  const int linking_width = width * plan.oversample;
  const int centre = linking_width / 2;
  scratch.top.resize(static_cast<std::size_t>(linking_width));
  scratch.best.resize(static_cast<std::size_t>(linking_width));
  scratch.ends.resize(static_cast<std::size_t>(linking_width));
  scratch.end_coordinate.resize(static_cast<std::size_t>(linking_width));
  int* end_of = scratch.top.data();
  int* best = scratch.best.data();
  int* ends = scratch.ends.data();
  int count = 0;
  for (int x = linking_width - 1; x >= 0; --x) {
    const bool is_end = same[x] == x;
    const int end = is_end ? x : end_of[same[x]];
    end_of[x] = end;
    best[end] = std::min(is_end ? INT_MAX : best[end], centre_key(x, centre));
    ends[count] = x;  // kept only where it is an end: no branch on a row of unpredictable ends
    count += is_end;
  }
  float* end_coordinate = scratch.end_coordinate.data();
  with_root_column(row, plan, [&](auto column_of) {
    for (int i = 0; i < count; ++i)
      end_coordinate[ends[i]] =
          static_cast<float>(column_of(static_cast<std::uint32_t>(key_position(best[ends[i]], centre)))) *
          plan.inverse_pattern_columns;
  });
  const int middle = plan.oversample / 2;
  for (int x = 0; x < width; ++x) coordinates[x] = end_coordinate[end_of[x * plan.oversample + middle]];
}

// Flowing groups: every root's phase first (find_phases needs each pixel's root), then each
// output pixel's column from its root's phase.
void colour_flowing(const int* same, int width, const SymmetricPlan& plan, SymmetricFastScratch& scratch,
                    float* coordinates) {
  const int linking_width = width * plan.oversample;
  const int centre = linking_width / 2;
  find_roots_fast(same, linking_width, centre, scratch.top, scratch.best);
  find_phases(linking_width, centre, scratch.separations.data(), plan, scratch.top, scratch.best);
  const int middle = plan.oversample / 2;
  for (int x = 0; x < width; ++x)
    coordinates[x] = static_cast<float>(scratch.best[scratch.top[x * plan.oversample + middle]] >> kPhaseBits) *
                     plan.inverse_pattern_columns;
}

// One row's passes, inlined whole into each build below, so every loop of the row is compiled
// for that build's instruction set.
template <Walk walk>
[[gnu::always_inline]] inline void row_fast(const float* depth, int width, int row, const SymmetricPlan& plan,
                                            float* coordinates, SymmetricFastScratch& scratch) {
  const int linking_width = width * plan.oversample;
  scratch.separations.resize(static_cast<std::size_t>(width));
  linking_separations(depth, width, row, plan, scratch.separations.data());
  const int* linking = scratch.separations.data();
  if (plan.oversample > 1) {
    scratch.linking.resize(static_cast<std::size_t>(linking_width));
    for (int x = 0, at = 0; x < width; ++x)
      for (int copy = 0; copy < plan.oversample; ++copy) scratch.linking[at++] = scratch.separations[x];
    linking = scratch.linking.data();
  }
  link_row_fast<walk>(linking, linking_width, plan, scratch);
  if (plan.group_colour == GroupColour::flowing)
    colour_flowing(scratch.same.data(), width, plan, scratch, coordinates);
  else
    colour_by_chain_ends(scratch.same.data(), width, row, plan, scratch, coordinates);
}

// flatten: the passes and what they call are inlined here, not called in their baseline build.
STEREOCL_TARGET_AVX2 [[gnu::flatten]] void row_fast_avx2(const float* depth, int width, int row,
                                                         const SymmetricPlan& plan, float* coordinates,
                                                         SymmetricFastScratch& scratch) {
  row_fast<Walk::eight_steps_at_a_time>(depth, width, row, plan, coordinates, scratch);
}

[[gnu::flatten]] void row_fast_baseline(const float* depth, int width, int row, const SymmetricPlan& plan,
                                        float* coordinates, SymmetricFastScratch& scratch) {
  row_fast<Walk::step_by_step>(depth, width, row, plan, coordinates, scratch);
}

}  // namespace

void symmetric_coordinates_row_fast(const float* depth, int width, int row, const SymmetricPlan& plan,
                                    float* coordinates, SymmetricFastScratch& scratch, SimdLevel simd) {
  if (usable_simd_level(simd) == SimdLevel::avx2)
    row_fast_avx2(depth, width, row, plan, coordinates, scratch);
  else
    row_fast_baseline(depth, width, row, plan, coordinates, scratch);
}

void symmetric_coordinates_parallel(DepthView depth, const SymmetricPlan& plan, int threads,
                                    OffsetImage& coordinates, int first_row, SimdLevel simd) {
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
      symmetric_coordinates_row_fast(depth.row(y), depth.width, first_row + y, plan, coordinates.row(y), scratch, simd);
  }
}

}  // namespace stereocl
