#include "compute/stereogram/lookup_cpu.hpp"

#include "core/thread_count.hpp"

#include <cmath>

namespace stereocl {

void stereogram_offsets_row(const float* depth, int width, const StereogramParams& params, float* offsets) {
  const int p = params.pattern_width;
  const float m = params.max_offset;
  const float inverse_p = 1.0f / static_cast<float>(p);
  for (int i = 0; i < p; ++i) offsets[i] = static_cast<float>(i) * inverse_p;
  for (int i = p; i < width + p; ++i) {
    float d = depth[i - p];
    d = d > 0.f ? (d < 1.f ? d : 1.f) : 0.f;  // also maps NaN to 0: a bad depth must not index out of the row
    // The shift is kept apart from the pixel index: (i - p) + shift as one float would round on
    // long rows, and for M just below P - 1 could round up onto the pixel being written.
    const float shift = m * (1.0f - d);
    const int whole = static_cast<int>(shift);  // shift >= 0, so truncation is floor
    const int k = (i - p) + whole;
    const float f = shift - static_cast<float>(whole);
    const float a = offsets[k];
    const float b = offsets[k + 1];
    offsets[i] = 1.0f + (a + f * (b - a));
  }
}

OffsetImage stereogram_offsets_reference(const DepthImage& depth, const StereogramParams& params) {
  OffsetImage offsets(depth.width + params.pattern_width, depth.height);
  for (int y = 0; y < depth.height; ++y)
    stereogram_offsets_row(depth.row(y), depth.width, params, offsets.row(y));
  return offsets;
}

void stereogram_offsets_parallel(DepthView depth, const StereogramParams& params, int threads,
                                 OffsetImage& offsets) {
  const int out_width = depth.width + params.pattern_width;
  if (offsets.width != out_width || offsets.height != depth.height) offsets = OffsetImage(out_width, depth.height);
  // OpenMP's pool outlives the frame, so no threads start or join per frame; rows are independent.
#pragma omp parallel for num_threads(resolve_thread_count(threads)) schedule(static)
  for (int y = 0; y < depth.height; ++y) stereogram_offsets_row(depth.row(y), depth.width, params, offsets.row(y));
}

}  // namespace stereocl
