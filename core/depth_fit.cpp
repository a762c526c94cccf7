#include "core/depth_fit.hpp"

#include "core/image_resample.hpp"

#include <algorithm>
#include <cmath>

namespace stereocl {
namespace {

constexpr float kFar = 1.0f;

// `map` copied into `scene` with its centre on the scene's centre; what falls outside is cut.
void paste_centred(const DepthImage& map, DepthImage& scene) {
  const int left = (scene.width - map.width) / 2, top = (scene.height - map.height) / 2;
  const int x0 = std::max(0, left), x1 = std::min(scene.width, left + map.width);
  for (int y = std::max(0, top); y < std::min(scene.height, top + map.height); ++y)
    std::copy(map.row(y - top) + (x0 - left), map.row(y - top) + (x1 - left), scene.row(y) + x0);
}

}  // namespace

DepthImage fit_depth(const DepthImage& map, int width, int height, DepthFit fit) {
  if (map.width == width && map.height == height) return map;
  if (fit == DepthFit::stretch) return resample(map, width, height);
  DepthImage scene(width, height, kFar);
  if (fit == DepthFit::none) {
    paste_centred(map, scene);
    return scene;
  }
  const double scale = std::min(static_cast<double>(width) / map.width, static_cast<double>(height) / map.height);
  const int fitted_width = std::clamp(static_cast<int>(std::lround(map.width * scale)), 1, width);
  const int fitted_height = std::clamp(static_cast<int>(std::lround(map.height * scale)), 1, height);
  paste_centred(resample(map, fitted_width, fitted_height), scene);
  return scene;
}

}  // namespace stereocl
