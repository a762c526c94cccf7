#include "compute/effects/luma_cpu.hpp"

namespace stereocl {

GreyImage luma_from_rgba(const RgbaImage& rgba, int threads) {
  GreyImage luma(rgba.width, rgba.height);
  const auto count = static_cast<std::ptrdiff_t>(rgba.pixels.size());
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
  for (std::ptrdiff_t i = 0; i < count; ++i) luma.pixels[i] = luma_of(rgba.pixels[i]);
  return luma;
}

RgbaImage rgba_from_grey(const GreyImage& grey) {
  RgbaImage rgba(grey.width, grey.height);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i) {
    const std::uint8_t l = grey.pixels[i];
    rgba.pixels[i] = Rgba8{l, l, l, 255};
  }
  return rgba;
}

}  // namespace stereocl
