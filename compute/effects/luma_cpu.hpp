#pragma once
// Luminance <-> RGBA on the CPU: the reference kernels/luma.cl is compared against.
// Luma uses the 8-bit fixed-point BT.601 weights (77, 150, 29)/256, rounded to nearest, so the
// CPU and any device agree to the bit without floating point.
#include "core/image.hpp"

#include <cstdint>

namespace stereocl {

constexpr std::uint8_t luma_of(Rgba8 pixel) {
  return static_cast<std::uint8_t>((77 * pixel.r + 150 * pixel.g + 29 * pixel.b + 128) >> 8);
}

// threads > 1: pixels split over OpenMP threads, the same result to the bit.
GreyImage luma_from_rgba(const RgbaImage& rgba, int threads = 1);

// Opaque grey: (l, l, l, 255) for every pixel.
RgbaImage rgba_from_grey(const GreyImage& grey);

}  // namespace stereocl
