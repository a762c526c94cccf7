#pragma once
// The symmetric stereogram on the CPU as CPU mode, stills and the compare tool run it: the
// reference's coordinates (symmetric_cpu.hpp) to the bit, in a fraction of its time. Where it
// departs from the reference, and why that changes no bit:
// - separations are spread to the linking resolution once per row, so the hidden-surface walk
//   indexes without a division per step;
// - that walk, up to a few dozen steps each way, is skipped where no depth within its reach is
//   near enough to block either ray: the smallest separation within reach (a sliding minimum,
//   a few doubling passes over the row) decides that for every pixel of a smooth surface, and
//   the walk runs, unchanged, wherever it cannot; that decision is compares only, in a loop the
//   compiler vectorises, and the walks follow in a pass of their own;
// - a hashed or anchored group's column is made once a chain, at its end, where the reference
//   makes it once a pixel, and divides by run-time constants through exact multiplications
//   (Lemire, Kaser & Kurz, "Faster remainder by direct computation", 2019);
// - each thread keeps its row buffers from frame to frame;
// - the row is built for baseline x86-64 and again for AVX2, the CPU's best chosen at run time
//   (core/simd_level.hpp): its loops are integer compares, moves and conversions, exact in both.
#include "compute/stereogram/symmetric_params.hpp"
#include "core/image.hpp"
#include "core/simd_level.hpp"

#include <vector>

namespace stereocl {

// One thread's row buffers, reused row after row and frame after frame.
struct SymmetricFastScratch {
  std::vector<int> separations, linking, window_minima, spare, left_of, right_claim, left_claim, same, top, best, ends,
      walk_steps;
  std::vector<float> end_coordinate;
};

// One row, as symmetric_coordinates_row: depth has `width` values, coordinates receives `width`.
// simd: the most the row may use (tests ask for the baseline build too).
void symmetric_coordinates_row_fast(const float* depth, int width, int row, const SymmetricPlan& plan,
                                    float* coordinates, SymmetricFastScratch& scratch,
                                    SimdLevel simd = host_simd_level());

// Every row, spread over `threads` threads with OpenMP (0 = all hardware threads, as
// --cpu-threads). `coordinates` is resized as needed. first_row: the picture's row that depth's
// row 0 is (a band of a larger picture).
void symmetric_coordinates_parallel(DepthView depth, const SymmetricPlan& plan, int threads,
                                    OffsetImage& coordinates, int first_row = 0, SimdLevel simd = host_simd_level());

}  // namespace stereocl
