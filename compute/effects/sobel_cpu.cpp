#include "compute/effects/sobel_cpu.hpp"

#include <algorithm>
#include <cstdlib>

namespace stereocl {

SobelResult sobel_reference(const GreyImage& luma, int threads) {
  const int w = luma.width;
  const int h = luma.height;
  SobelResult result{Image<std::int8_t>(w, h), Image<std::int8_t>(w, h), GreyImage(w, h)};
  const auto p = [&](int x, int y) -> int { return luma.at(std::clamp(x, 0, w - 1), std::clamp(y, 0, h - 1)); };
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int gx = (p(x + 1, y - 1) + 2 * p(x + 1, y) + p(x + 1, y + 1)) -
                     (p(x - 1, y - 1) + 2 * p(x - 1, y) + p(x - 1, y + 1));
      const int gy = (p(x - 1, y + 1) + 2 * p(x, y + 1) + p(x + 1, y + 1)) -
                     (p(x - 1, y - 1) + 2 * p(x, y - 1) + p(x + 1, y - 1));
      // >> on a negative int is an arithmetic shift since C++20, matching OpenCL C.
      result.dx.at(x, y) = static_cast<std::int8_t>(gx >> 3);
      result.dy.at(x, y) = static_cast<std::int8_t>(gy >> 3);
      result.magnitude.at(x, y) = static_cast<std::uint8_t>((std::abs(gx) + std::abs(gy)) >> 3);
    }
  }
  return result;
}

}  // namespace stereocl
