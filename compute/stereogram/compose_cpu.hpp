#pragma once
// The compose step on the CPU: the reference kernels/compose.cl is held to, and a description of
// what shaders/stereogram_colour.glsl draws. Rows as in GL (row 0 at the bottom) in all three images.
#include "core/image.hpp"
#include "core/pattern_sampling.hpp"
#include "core/simd_level.hpp"

namespace stereocl {

// picture(x, y) = the pattern, tiled both ways, at horizontal coordinate offsets(x, y) (in
// pattern widths) and row y; alpha 255. whole_pixels: the nearest whole column, exactly.
// linear: bilinear between the two columns around it, the position rounded to 1/256 of a column
// and the blend in integers, which the shader and the kernel compute to the same bytes.
RgbaImage compose_reference(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling);

// The same for a band: `offsets` holds the picture's rows first_row .. first_row + height, and
// `out` gets those rows (reshaped to the band), on `threads` cores (0: all). What CPU mode shows.
// simd: the most the rows may use; every build makes the reference's bytes (core/simd_level.hpp).
void compose_rows(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling, int first_row,
                  int threads, RgbaImage& out, SimdLevel simd = host_simd_level());
// The same into `out`, the band's rows one after another with no gap: memory a pixel buffer that
// GL uploads from maps, so the rows need no host copy of their own.
void compose_rows(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling, int first_row,
                  int threads, Rgba8* out, SimdLevel simd = host_simd_level());

}  // namespace stereocl
