#pragma once
// Normalised box blur on the CPU: the reference kernels/blur.cl is compared against.
// out = (sum of the (2r+1)^2 window + n/2) / n with n = (2r+1)^2, in integers, so every
// implementation can match it to the bit. RGBA blurs all four channels, alpha included.
#include "core/image.hpp"

namespace stereocl {

enum class BlurBorder {
  zero,   // outside pixels count as 0 but the divisor stays (2r+1)^2: edges darken, as in the paper
  clamp,  // outside coordinates are clamped to the image: a constant image stays constant
};

constexpr int min_blur_radius = 1;
constexpr int max_blur_radius = 32;  // the kernels size their local memory for this

// Throws std::invalid_argument naming the value and the rule unless 1 <= radius <= 32.
void require_valid_blur_radius(int radius);

// threads > 1 splits rows and columns over OpenMP threads (CPU mode's fair baseline); every output pixel
// depends on the input only, so the result is the same to the bit (tests/cpu_parallel_test.cpp).
GreyImage blur_reference(const GreyImage& image, int radius, BlurBorder border, int threads = 1);
RgbaImage blur_reference(const RgbaImage& image, int radius, BlurBorder border, int threads = 1);

}  // namespace stereocl
