#pragma once
// Decodes a stereogram's separation to a fraction of a pixel, as a viewer's two eyes pool it: for
// a pixel, the shift at which the 9 x 9 pixels around it best match the picture that far to their
// right, by normalised correlation of luma, the right-hand picture linearly interpolated between
// pixels. echo_decode.hpp asks whether pixels are equal, which sees whole-pixel periods only;
// this sees terraces (a smooth surface decoding to whole pixels) and washboards (a plane decoding
// to strips at two periods), and where a mix of whole-pixel periods averages to a fraction.
// For a window whose rows repeat at s and s + 1 in the shares 1 - w and w, the correlation at
// s + f is ((1 - w)(1 - f) + w f) / sqrt((1 - f)^2 + f^2), which peaks at f = w: the estimate
// is the mean period, the depth a viewer sees there.
#include "core/image.hpp"

#include <cmath>
#include <optional>
#include <vector>

namespace stereocl::testing {

inline constexpr int kSubpixelHalfWindow = 4;
// Random dots at a wrong shift correlate at about 0 +- 1/9 over 81 pixels; a fused mix of two
// periods at 0.71 or more.
inline constexpr double kSubpixelMinCorrelation = 0.5;

struct LumaImage {
  int width = 0, height = 0;
  std::vector<float> values;
  float at(int x, int y) const { return values[static_cast<std::size_t>(y) * width + x]; }
};

inline LumaImage luma_of(const RgbaImage& picture) {
  LumaImage luma{picture.width, picture.height, {}};
  luma.values.reserve(picture.pixels.size());
  for (const Rgba8& p : picture.pixels) luma.values.push_back(0.299f * p.r + 0.587f * p.g + 0.114f * p.b);
  return luma;
}

// Correlation of the window around (x, y) with the window `shift` pixels to its right.
inline double window_correlation(const LumaImage& luma, int x, int y, double shift) {
  const int whole = static_cast<int>(std::floor(shift));
  const double f = shift - whole;
  double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  int n = 0;
  for (int dy = -kSubpixelHalfWindow; dy <= kSubpixelHalfWindow; ++dy)
    for (int dx = -kSubpixelHalfWindow; dx <= kSubpixelHalfWindow; ++dx, ++n) {
      const double a = luma.at(x + dx, y + dy);
      const double b = (1 - f) * luma.at(x + dx + whole, y + dy) + f * luma.at(x + dx + whole + 1, y + dy);
      sa += a, sb += b, saa += a * a, sbb += b * b, sab += a * b;
    }
  const double va = saa - sa * sa / n, vb = sbb - sb * sb / n;
  return va > 0 && vb > 0 ? (sab - sa * sb / n) / std::sqrt(va * vb) : 0;
}

struct SubpixelEstimate {
  double separation = 0;
  double correlation = 0;
};

// Best whole shift in shortest..longest, then refined in eighths and in 64ths of a pixel around
// it. nullopt where the window or its partner leaves the picture, or nothing correlates.
inline std::optional<SubpixelEstimate> estimate_separation(const LumaImage& luma, int x, int y, int shortest,
                                                           int longest) {
  const int h = kSubpixelHalfWindow;
  if (x < h || y < h || y + h >= luma.height || x + h + longest + 2 >= luma.width) return std::nullopt;
  SubpixelEstimate best{0, -2};
  const auto consider = [&](double shift) {
    const double c = window_correlation(luma, x, y, shift);
    if (c > best.correlation) best = {shift, c};
  };
  for (int s = shortest; s <= longest; ++s) consider(s);
  const double whole = best.separation;
  for (int k = -8; k <= 8; ++k) consider(whole + k / 8.0);
  const double eighth = best.separation;
  for (int k = -8; k <= 8; ++k) consider(eighth + k / 64.0);
  if (best.correlation < kSubpixelMinCorrelation) return std::nullopt;
  return best;
}

}  // namespace stereocl::testing
