#pragma once
// 3x3 Sobel gradients on the CPU: the reference kernels/sobel.cl is compared against.
// Borders are replicated (coordinates clamped to the image). gx uses [-1 0 1; -2 0 2; -1 0 1],
// gy its transpose with +y pointing down (row below minus row above). Both fit in [-1020, 1020],
// so dx = gx >> 3 and dy = gy >> 3 fit a signed byte, and (|gx| + |gy|) >> 3 fits an unsigned one.
#include "core/image.hpp"

#include <cstdint>

namespace stereocl {

struct SobelResult {
  Image<std::int8_t> dx;
  Image<std::int8_t> dy;
  GreyImage magnitude;
};

// threads > 1 splits rows over OpenMP threads (CPU mode's fair baseline); every output pixel
// depends on the input only, so the result is the same to the bit (tests/cpu_parallel_test.cpp).
SobelResult sobel_reference(const GreyImage& luma, int threads = 1);

}  // namespace stereocl
