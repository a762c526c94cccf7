#include "record/frame_fit.hpp"

#include <algorithm>

namespace stereocl {

RgbaImage fit_frame(const RgbaImage& frame, int width, int height) {
  if (frame.width == width && frame.height == height) return frame;
  RgbaImage fitted(width, height);
  if (frame.empty()) return fitted;
  for (int y = 0; y < height; ++y) {
    const Rgba8* source = frame.row(std::min(y, frame.height - 1));
    Rgba8* target = fitted.row(y);
    for (int x = 0; x < width; ++x) target[x] = source[std::min(x, frame.width - 1)];
  }
  return fitted;
}

}  // namespace stereocl
