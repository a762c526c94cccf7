#pragma once
// Emboss: the picture as a grey relief lit from the top left, which reads well on a projector.
// On the CPU: luma (compute/effects/luma_cpu.hpp), the 3x3 kernel (-2 -1 0 / -1 0 1 / 0 1 2) with
// the border replicated, plus 128, clamped to 0..255, alpha 255. On the device: kernels/emboss.cl,
// to the byte. Header-only, so the effect is this file, its kernel, its table row and its test.
#include "compute/effects/cl_effects.hpp"
#include "compute/effects/luma_cpu.hpp"

#include <algorithm>
#include <vector>

namespace stereocl {

// Rows split over `threads` cores (CPU mode's fair baseline); the same bytes on any count.
inline RgbaImage emboss_reference(const RgbaImage& image, int threads = 1) {
  const GreyImage luma = luma_from_rgba(image, threads);
  const int w = luma.width, h = luma.height;
  const auto l = [&](int x, int y) -> int { return luma.at(std::clamp(x, 0, w - 1), std::clamp(y, 0, h - 1)); };
  RgbaImage relief(w, h);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int lit = 2 * l(x + 1, y + 1) + l(x, y + 1) + l(x + 1, y);
      const int shaded = 2 * l(x - 1, y - 1) + l(x, y - 1) + l(x - 1, y);
      const auto v = static_cast<std::uint8_t>(std::clamp(128 + lit - shaded, 0, 255));
      relief.at(x, y) = Rgba8{v, v, v, 255};
    }
  return relief;
}

inline std::vector<cl::Event> emboss_on_device(ClEffects& effects, const DeviceEffectCall& call) {
  return effects.per_pixel("emboss.cl", "emboss", call);
}

}  // namespace stereocl
