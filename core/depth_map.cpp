#include "core/depth_map.hpp"

#include <algorithm>

namespace stereocl {

DepthImage depth_from_grey(const Image<std::uint16_t>& grey) {
  DepthImage depth(grey.width, grey.height);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i) {
    depth.pixels[i] = depth_of_grey(grey.pixels[i]);
  }
  return depth;
}

RgbaImage visualise_depth(const DepthImage& depth) {
  RgbaImage picture(depth.width, depth.height);
  for (std::size_t i = 0; i < depth.pixels.size(); ++i) {
    const float nearness = 1.0f - std::clamp(depth.pixels[i], 0.0f, 1.0f);
    const auto v = static_cast<std::uint8_t>(nearness * 255.0f + 0.5f);
    picture.pixels[i] = Rgba8{v, v, v, 255};
  }
  return picture;
}

}  // namespace stereocl
