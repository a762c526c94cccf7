#include "compute/stereogram/compose_cpu.hpp"

#include "core/thread_count.hpp"

#include <cmath>

namespace stereocl {
namespace {

int wrap(int value, int period) { return ((value % period) + period) % period; }

// The shader's and the kernel's float steps, in the same order (this file is built without
// fused multiply-adds), so the column they round to is this one.
Rgba8 whole_pixel(float coordinate, int row, const RgbaImage& pattern) {
  const auto width = static_cast<float>(pattern.width);
  float column = std::floor(coordinate * width + 0.5f);
  column -= width * std::floor(column / width);
  Rgba8 colour = pattern.at(static_cast<int>(column), wrap(row, pattern.height));
  colour.a = 255;
  return colour;
}

std::uint8_t blend(std::uint8_t left, std::uint8_t right, float weight) {
  const float value = static_cast<float>(left) + weight * (static_cast<float>(right) - static_cast<float>(left));
  return static_cast<std::uint8_t>(std::lround(value));
}

// GL's bilinear lookup at u (normalised, repeat) on row `row`: the texel centres at u * width - 0.5.
// v always lands on a row's centre (the shader takes gl_FragCoord.y), so no vertical blend.
Rgba8 linear_pixel(float coordinate, int row, const RgbaImage& pattern) {
  const auto width = static_cast<float>(pattern.width);
  const float position = (coordinate + 0.5f / width) * width - 0.5f;
  const float left_column = std::floor(position);
  const float weight = position - left_column;
  const int y = wrap(row, pattern.height);
  const Rgba8 left = pattern.at(wrap(static_cast<int>(left_column), pattern.width), y);
  const Rgba8 right = pattern.at(wrap(static_cast<int>(left_column) + 1, pattern.width), y);
  return {blend(left.r, right.r, weight), blend(left.g, right.g, weight), blend(left.b, right.b, weight), 255};
}

}  // namespace

RgbaImage compose_reference(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling) {
  RgbaImage picture;
  compose_rows(offsets, pattern, sampling, 0, 1, picture);
  return picture;
}

void compose_rows(const OffsetImage& offsets, const RgbaImage& pattern, PatternSampling sampling, int first_row,
                  int threads, RgbaImage& out) {
  out.reshape(offsets.width, offsets.height);
#pragma omp parallel for num_threads(resolve_thread_count(threads)) schedule(static)
  for (int y = 0; y < offsets.height; ++y) {
    const float* coordinates = offsets.row(y);
    Rgba8* pixels = out.row(y);
    const int row = first_row + y;
    for (int x = 0; x < offsets.width; ++x)
      pixels[x] = sampling == PatternSampling::whole_pixels ? whole_pixel(coordinates[x], row, pattern)
                                                            : linear_pixel(coordinates[x], row, pattern);
  }
}

}  // namespace stereocl
