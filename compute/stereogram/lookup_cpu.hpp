#pragma once
// The classic autostereogram, on the CPU: each depth row becomes a row of texture coordinates
// (in pattern widths) that is P pixels wider. offsets[i] = i/P for the first P pixels; after
// that each pixel repeats the coordinate found M*(1-d) pixels to the right of one period back,
// plus one period, so nearer points repeat sooner and appear to float in front.
#include "core/image.hpp"
#include "compute/stereogram/stereogram_params.hpp"

namespace stereocl {

// One row: depth has `width` values, offsets receives width + P values.
void stereogram_offsets_row(const float* depth, int width, const StereogramParams& params, float* offsets);

// Single-threaded: the reference every other implementation is compared against.
OffsetImage stereogram_offsets_reference(const DepthImage& depth, const StereogramParams& params);

// The same result, rows spread over `threads` threads (0 = all hardware threads).
// `offsets` is resized as needed so a caller can reuse it frame after frame.
void stereogram_offsets_parallel(DepthView depth, const StereogramParams& params, int threads,
                                 OffsetImage& offsets);

}  // namespace stereocl
