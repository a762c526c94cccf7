#pragma once
// A still depth map from a grey image: white = near (0), black = far (1), as most depth-map
// tools export them (the panel's "invert depth" handles maps made the other way round).
#include "core/image.hpp"

#include <cstdint>

namespace stereocl {

DepthImage depth_from_grey(const Image<std::uint16_t>& grey);
// One pixel of it.
inline float depth_of_grey(std::uint16_t grey) { return 1.0f - static_cast<float>(grey) / 65535.0f; }

// A grey picture of linear depth (near = bright), so Scene mode has something to show for a
// depth map and the debug view reads like the input file.
RgbaImage visualise_depth(const DepthImage& depth);

}  // namespace stereocl
