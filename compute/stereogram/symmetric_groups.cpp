#include "compute/stereogram/symmetric_groups.hpp"

#include <algorithm>
#include <climits>

namespace stereocl {

namespace {

// A root takes the phase of the group beside it (one linking pixel nearer the centre) plus one
// step of pattern_columns / separation: the pattern runs on across unlinked and newly linked
// pixels as it would in a flat row, instead of restarting at each group. Returns the step as
// added on this side of the centre, modulo one pattern width.
int phase_step(int root, int centre, int root_separation, int pattern_columns) {
  const int step = (pattern_columns << kPhaseBits) / root_separation;
  return root < centre ? (pattern_columns << kPhaseBits) - step : step;
}

// A group's column from its root alone: the output pixel the root lies in, modulo the pattern.
// Neighbouring roots give neighbouring columns, so a flat row shows the pattern as it is.
int anchored_column(int root, const SymmetricPlan& plan) { return root / plan.oversample % plan.pattern_columns; }

}  // namespace

void chain_ends(const int* same, int linking_width, int* top) {
  // Partners lie to the right, so from right to left each pixel's chain end is already known.
  for (int x = linking_width - 1; x >= 0; --x) top[x] = same[x] == x ? x : top[same[x]];
}

void find_roots(int linking_width, int centre, std::vector<int>& top, std::vector<int>& best) {
  best.assign(static_cast<std::size_t>(linking_width), INT_MAX);
  for (int x = 0; x < linking_width; ++x) best[top[x]] = std::min(best[top[x]], centre_key(x, centre));
  for (int x = 0; x < linking_width; ++x) top[x] = key_position(best[top[x]], centre);
}

// A root's neighbour towards the centre has a root nearer the centre still, so it is always
// known first. phase[centre] = 0.
void find_phases(int linking_width, int centre, const int* separations, const SymmetricPlan& plan,
                 const std::vector<int>& root, std::vector<int>& phase) {
  const int period = plan.pattern_columns << kPhaseBits;
  phase.assign(static_cast<std::size_t>(linking_width), 0);
  for (int distance = 1; distance <= centre + 1; ++distance)
    for (const int x : {centre - distance, centre + distance}) {
      if (x < 0 || x >= linking_width || root[x] != x) continue;
      const int neighbour = x < centre ? x + 1 : x - 1;
      const int step = phase_step(x, centre, separations[x / plan.oversample], plan.pattern_columns);
      phase[x] = (phase[root[neighbour]] + step) % period;
    }
}

int group_column(int row, int root, const SymmetricPlan& plan, const std::vector<int>& phase) {
  switch (plan.group_colour) {
    case GroupColour::hashed: return hashed_column(row, root, plan);
    case GroupColour::anchored: return anchored_column(root, plan);
    case GroupColour::flowing: break;
  }
  return phase[root] >> kPhaseBits;
}

}  // namespace stereocl
