#include "compute/effects/luma_cpu.hpp"

namespace stereocl {

GreyImage luma_from_rgba(const RgbaImage& rgba) {
  GreyImage luma(rgba.width, rgba.height);
  for (std::size_t i = 0; i < rgba.pixels.size(); ++i) luma.pixels[i] = luma_of(rgba.pixels[i]);
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
