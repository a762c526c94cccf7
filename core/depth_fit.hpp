#pragma once
// How a depth map of any size fills a scene of another (--depth-fit): the map keeps its aspect
// inside the scene (contain, letterboxed), fills it (stretch), or sits centred at 1:1 (none,
// cropped or padded). Whatever the map does not cover is the far plane, the background every
// depth source has, so the bars are flat and read as nothing.
#include "core/image.hpp"

#include <string_view>

namespace stereocl {

enum class DepthFit { contain, stretch, none };

// The command line's words, in the enum's order.
inline constexpr std::string_view kDepthFitWords[] = {"contain", "stretch", "none"};

// `map` (linear depth, 0 near, 1 far) placed in a `width` x `height` scene: scaled with
// core/image_resample's filters where `fit` scales, the rest at depth 1.
DepthImage fit_depth(const DepthImage& map, int width, int height, DepthFit fit);

}  // namespace stereocl
