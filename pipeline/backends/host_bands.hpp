#pragma once
// Images that cross the host a band of rows at a time, so that the host holds a few MiB of them
// whatever their size (docs/performance.md, "Memory a pixel by mode"). Every pass that bands an
// image works on each row on its own: the stereogram, the compose and the histogram.
#include <algorithm>

namespace stereocl {

inline constexpr int kBandPixels = 1 << 20;

// The rows in one band of an image `width` x `height` of about `pixels`: at least one, at most all.
inline int band_rows(int width, int height, int pixels = kBandPixels) {
  return std::clamp(pixels / std::max(width, 1), 1, std::max(height, 1));
}

}  // namespace stereocl
