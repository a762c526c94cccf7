#pragma once
// Posterize: each colour channel cut to `levels` evenly spaced values, the poster look of a
// screen-printed stereogram. On the CPU here, on the device kernels/posterize.cl, to the byte:
// q = (v (L - 1) + 127) / 255, then q 255 / (L - 1) rounded, in integers; alpha 255.
// Header-only, so the effect is this file, its kernel, its table row and its test.
#include "compute/effects/cl_effects.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace stereocl {

inline constexpr int min_posterize_levels = 2;
inline constexpr int max_posterize_levels = 16;

constexpr std::uint8_t posterized(std::uint8_t value, int levels) {
  const int steps = std::clamp(levels, min_posterize_levels, max_posterize_levels) - 1;
  const int level = (value * steps + 127) / 255;
  return static_cast<std::uint8_t>((level * 255 + steps / 2) / steps);
}

// Rows split over `threads` cores (CPU mode's fair baseline); the same bytes on any count.
inline RgbaImage posterize_reference(const RgbaImage& image, int levels, int threads = 1) {
  RgbaImage poster(image.width, image.height);
  const auto count = static_cast<std::ptrdiff_t>(image.pixels.size());
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
  for (std::ptrdiff_t i = 0; i < count; ++i) {
    const Rgba8& p = image.pixels[static_cast<std::size_t>(i)];
    poster.pixels[static_cast<std::size_t>(i)] =
        Rgba8{posterized(p.r, levels), posterized(p.g, levels), posterized(p.b, levels), 255};
  }
  return poster;
}

inline std::vector<cl::Event> posterize_on_device(ClEffects& effects, const DeviceEffectCall& call, int levels) {
  return effects.per_pixel("posterize.cl", "posterize", call,
                           std::clamp(levels, min_posterize_levels, max_posterize_levels));
}

}  // namespace stereocl
