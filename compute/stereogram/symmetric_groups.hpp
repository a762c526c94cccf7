#pragma once
// The symmetric stereogram's row passes after linking, shared by the reference
// (symmetric_cpu.hpp) and the fast engine (symmetric_fast_cpu.hpp), so the two can differ only
// where speed asks them to: how links are found. Once each pixel's kept partner is known, a
// group is named by its root (the member nearest the row's centre) and takes a pattern column.
#include "compute/stereogram/symmetric_params.hpp"

#include <vector>

namespace stereocl {

// Orders the pixels of a row by distance from its centre, ties to the right, as one integer:
// the smallest key of a group names its root without depending on the linking order.
inline int centre_key(int x, int centre) { return x < centre ? 2 * (centre - x) + 1 : 2 * (x - centre); }
inline int key_position(int key, int centre) { return (key & 1) ? centre - (key >> 1) : centre + (key >> 1); }

// same[x]: x's kept partner to the right, or x. top[x] receives the right end of x's chain.
void chain_ends(const int* same, int linking_width, int* top);

// Every group's root: `top` holds each pixel's chain end on entry, its root on return. `best` is
// scratch, left linking_width long.
void find_roots(int linking_width, int centre, std::vector<int>& top, std::vector<int>& best);

// Flowing groups: every root's pattern phase (16 fractional bits of a column), outwards from the
// centre, into `phase`. separations are per depth pixel; root is find_roots' result.
void find_phases(int linking_width, int centre, const int* separations, const SymmetricPlan& plan,
                 const std::vector<int>& root, std::vector<int>& phase);

// The column a group of this row takes, once roots (and, flowing, phases) are known.
int group_column(int row, int root, const SymmetricPlan& plan, const std::vector<int>& phase);

inline constexpr int kPhaseBits = 16;

}  // namespace stereocl
