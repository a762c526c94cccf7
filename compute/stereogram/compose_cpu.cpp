#include "compute/stereogram/compose_cpu.hpp"

#include "core/thread_count.hpp"

#include <cmath>

namespace stereocl {
namespace {

int wrap(int value, int period) { return ((value % period) + period) % period; }

// The shader's and the kernel's float steps, in the same order (this file is built without
// fused multiply-adds), so the column they round to is this one. `source`: the pattern's row.
Rgba8 whole_pixel(float coordinate, const Rgba8* source, int pattern_width) {
  const auto width = static_cast<float>(pattern_width);
  float column = std::floor(coordinate * width + 0.5f);
  column -= width * std::floor(column / width);
  Rgba8 colour = source[static_cast<int>(column)];
  colour.a = 255;
  return colour;
}

std::uint8_t blend(std::uint8_t left, std::uint8_t right, int weight) {
  return static_cast<std::uint8_t>((left * (256 - weight) + right * weight + 128) >> 8);
}

// A bilinear lookup between the two pattern columns around coordinate * width (the sampler's
// half-texel offsets, on u and on the texel centres, cancel), in integers: the position rounded to
// 1/256 of a column, weights of 8 bits, as a texture unit blends. Every float step is exact but
// the one product, which IEEE rounds the same everywhere, so the shader
// (shaders/stereogram_colour.glsl) and the kernel (kernels/compose.cl) make these bytes exactly.
// `source`: the pattern's row.
Rgba8 linear_pixel(float coordinate, const Rgba8* source, int pattern_width) {
  const float position = std::floor(coordinate * static_cast<float>(pattern_width) * 256.0f + 0.5f);
  const float left_column = std::floor(position / 256.0f);
  const int weight = static_cast<int>(position - left_column * 256.0f);
  const Rgba8 left = source[wrap(static_cast<int>(left_column), pattern_width)];
  const Rgba8 right = source[wrap(static_cast<int>(left_column) + 1, pattern_width)];
  return {blend(left.r, right.r, weight), blend(left.g, right.g, weight), blend(left.b, right.b, weight), 255};
}

// One row of the picture; the sampling chosen once a row, not once a pixel. Inlined whole into
// each build below, so its loops are compiled for that build's instruction set.
[[gnu::always_inline]] inline void compose_row(const float* coordinates, int width, const Rgba8* source,
                                               int pattern_width, PatternSampling sampling, Rgba8* pixels) {
  if (sampling == PatternSampling::whole_pixels)
    for (int x = 0; x < width; ++x) pixels[x] = whole_pixel(coordinates[x], source, pattern_width);
  else
    for (int x = 0; x < width; ++x) pixels[x] = linear_pixel(coordinates[x], source, pattern_width);
}

// Baseline x86-64 has no rounding instruction, so each std::floor above is a call into libm; with
// AVX2 it is one instruction, rounding to the same float. flatten: the steps are inlined here, not
// called in their baseline build.
STEREOCL_TARGET_AVX2 [[gnu::flatten]] void compose_row_avx2(const float* coordinates, int width, const Rgba8* source,
                                                            int pattern_width, PatternSampling sampling,
                                                            Rgba8* pixels) {
  compose_row(coordinates, width, source, pattern_width, sampling, pixels);
}

[[gnu::flatten]] void compose_row_baseline(const float* coordinates, int width, const Rgba8* source, int pattern_width,
                                           PatternSampling sampling, Rgba8* pixels) {
  compose_row(coordinates, width, source, pattern_width, sampling, pixels);
}

}  // namespace

RgbaImage compose_reference(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling) {
  RgbaImage picture;
  compose_rows(offsets, pattern, sampling, 0, 1, picture, SimdLevel::baseline);
  return picture;
}

void compose_rows(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling, int first_row,
                  int threads, RgbaImage& out, SimdLevel simd) {
  out.reshape(offsets.width, offsets.height);
  compose_rows(offsets, pattern, sampling, first_row, threads, out.pixels.data(), simd);
}

void compose_rows(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling, int first_row,
                  int threads, Rgba8* out, SimdLevel simd) {
  const auto width = static_cast<std::ptrdiff_t>(offsets.width);
  const auto row = usable_simd_level(simd) == SimdLevel::avx2 ? compose_row_avx2 : compose_row_baseline;
#pragma omp parallel for num_threads(resolve_thread_count(threads)) schedule(static)
  for (int y = 0; y < offsets.height; ++y)
    row(offsets.row(y), offsets.width, pattern.row(wrap(first_row + y, pattern.height)), pattern.width, sampling,
        out + y * width);
}

}  // namespace stereocl
