#pragma once
// A still depth map into the scene target: its linear depth, and its grey picture (what Scene
// mode shows, and what --pattern scene and the reveal show in the stereogram modes, a still map
// having no lit colour of its own), fitted to the target's size and inverted where asked.
#include "core/depth_fit.hpp"
#include "core/image.hpp"
#include "render/scene_target.hpp"

#include <cstdint>

namespace stereocl {

// `map`: 16-bit grey, top row first, as decoded (white = near). Band by band, so the host holds
// a few MiB beside the map whatever its size, and only a map of another size than the target is
// converted whole (to be fitted). The target gets colour and loses its depth buffer: nothing is
// drawn into it while it shows a still map.
void upload_still_depth(const Image<std::uint16_t>& map, DepthFit fit, bool invert, SceneTarget& target);

}  // namespace stereocl
