#pragma once
// Depth maps with known geometry for the stereogram tests and quality measurements
// (0 = near, 1 = far, top row first, as the scene's R32F texture holds them).
#include "core/image.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace stereocl::testing {

inline DepthImage flat_depth(int width, int height, float depth) { return DepthImage(width, height, depth); }

// A box of `near` in front of a wall at `far`: the classic echo and hidden-surface case.
struct Pillar {
  int left, right, top, bottom;  // [left, right) x [top, bottom)
};

inline DepthImage pillar_depth(int width, int height, const Pillar& pillar, float near = 0.f, float far = 1.f) {
  DepthImage depth(width, height, far);
  for (int y = pillar.top; y < pillar.bottom; ++y)
    for (int x = pillar.left; x < pillar.right; ++x) depth.at(x, y) = near;
  return depth;
}

// A hemisphere bulging out of a wall that itself ramps from far (left) to mid depth (right):
// depth that varies smoothly everywhere but at the sphere's rim.
inline DepthImage sphere_on_ramp_depth(int width, int height) {
  DepthImage depth(width, height);
  const float cx = width * 0.5f, cy = height * 0.5f, radius = std::min(width, height) * 0.35f;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const float ramp = 1.f - 0.5f * static_cast<float>(x) / static_cast<float>(std::max(1, width - 1));
      const float dx = (x - cx) / radius, dy = (y - cy) / radius, r2 = dx * dx + dy * dy;
      const float sphere = r2 < 1.f ? ramp - 0.5f * std::sqrt(1.f - r2) : ramp;
      depth.at(x, y) = std::clamp(sphere, 0.f, 1.f);
    }
  return depth;
}

// Blocks of random width at random depth, near and far mixed: steep steps everywhere.
inline DepthImage stepped_depth(int width, int height, unsigned seed) {
  DepthImage depth(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> run(1, 40);
  std::uniform_int_distribution<int> level(0, 1);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width;) {
      const int length = run(random);
      const float d = static_cast<float>(level(random));
      for (int end = std::min(width, x + length); x < end; ++x) depth.at(x, y) = d;
    }
  return depth;
}

// Ramps along the row, each row steeper than the one above, each ramp ending at a cliff: walls and
// floors seen at an angle, where the hidden-surface walk runs its whole length, and cliffs where
// it is blocked at every step count.
inline DepthImage sawtooth_depth(int width, int height) {
  DepthImage depth(width, height);
  for (int y = 0; y < height; ++y) {
    const float slope = 0.002f * static_cast<float>(1 << std::min(y, 8));  // depth a pixel: 0.002 to 0.5
    for (int x = 0; x < width; ++x) depth.at(x, y) = std::fmod(slope * static_cast<float>(x), 1.f);
  }
  return depth;
}

}  // namespace stereocl::testing
