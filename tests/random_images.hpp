#pragma once
// Seeded random inputs for the kernel-versus-reference tests: the same seed gives the same
// image on every machine, so a failure can be replayed.
#include "core/image.hpp"

#include <cstdint>
#include <random>

namespace stereocl::testing {

inline GreyImage random_grey(int width, int height, unsigned seed) {
  GreyImage image(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& pixel : image.pixels) pixel = static_cast<std::uint8_t>(byte(random));
  return image;
}

inline RgbaImage random_rgba(int width, int height, unsigned seed) {
  RgbaImage image(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& pixel : image.pixels)
    pixel = Rgba8{static_cast<std::uint8_t>(byte(random)), static_cast<std::uint8_t>(byte(random)),
                  static_cast<std::uint8_t>(byte(random)), static_cast<std::uint8_t>(byte(random))};
  return image;
}

// Depth in [0, 1), uniformly: every shift the stereogram can take.
inline DepthImage random_depth(int width, int height, unsigned seed) {
  DepthImage depth(width, height);
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> uniform(0.f, 1.f);
  for (float& d : depth.pixels) d = uniform(random);
  return depth;
}

}  // namespace stereocl::testing
