#pragma once
// What the compositor's fragment shader makes of a coordinate image, on the CPU: the pattern
// sampled at u = coordinate + half a texel, row y of the pattern, repeating. Nearest filtering
// for the symmetric algorithm (whole pixels), linear for the lookup's as the app has it today.
#include "core/image.hpp"

#include <cmath>

namespace stereocl::testing {

inline int wrap(int value, int size) { return ((value % size) + size) % size; }

inline RgbaImage compose_nearest(const OffsetImage& coordinates, const RgbaImage& pattern) {
  RgbaImage picture(coordinates.width, coordinates.height);
  for (int y = 0; y < coordinates.height; ++y)
    for (int x = 0; x < coordinates.width; ++x) {
      const double u = coordinates.at(x, y) * pattern.width + 0.5;
      picture.at(x, y) = pattern.at(wrap(static_cast<int>(std::floor(u)), pattern.width), wrap(y, pattern.height));
    }
  return picture;
}

inline RgbaImage compose_linear(const OffsetImage& coordinates, const RgbaImage& pattern) {
  RgbaImage picture(coordinates.width, coordinates.height);
  const auto mix = [](std::uint8_t a, std::uint8_t b, double f) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
  };
  for (int y = 0; y < coordinates.height; ++y)
    for (int x = 0; x < coordinates.width; ++x) {
      // A texel's centre is at (i + 0.5) / width: the shader's u + 0.5 / width lands on it.
      const double texel = coordinates.at(x, y) * pattern.width;
      const int i = static_cast<int>(std::floor(texel));
      const double f = texel - i;
      const Rgba8 a = pattern.at(wrap(i, pattern.width), wrap(y, pattern.height));
      const Rgba8 b = pattern.at(wrap(i + 1, pattern.width), wrap(y, pattern.height));
      picture.at(x, y) = Rgba8{mix(a.r, b.r, f), mix(a.g, b.g, f), mix(a.b, b.b, f), 255};
    }
  return picture;
}

// The period at x that best explains the picture: the shift with the most equal pixels over
// a window of rows and columns; -1 where none beats chance clearly. Oversampled pictures
// repeat at the two whole periods either side of the fractional separation, each for about
// half the pixels, so a third of the window is enough.
inline int decode_period(const RgbaImage& picture, int x, int y, int shortest, int longest) {
  int best = -1, best_matches = -1;
  for (int period = shortest; period <= longest; ++period) {
    int matches = 0;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -4; dx <= 4; ++dx) matches += picture.at(x + dx, y + dy) == picture.at(x + dx - period, y + dy);
    if (matches > best_matches) {
      best_matches = matches;
      best = period;
    }
  }
  return best_matches >= 15 ? best : -1;
}

}  // namespace stereocl::testing
