#pragma once
// The pattern a frame repeats, in GL's row order, made one way for the window and for -o: the two
// pictures agree to the bit because there is one recipe, not two kept equal by tests.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/image.hpp"
#include "pipeline/frame/depth_rows.hpp"
#include "pipeline/look_settings.hpp"

#include <cstdint>
#include <optional>

namespace stereocl {

// Drawn by code at P, or `picture` (a file's, top row first) scaled to P before the flip. nullopt
// where the pattern is cut from each frame's scene.
std::optional<RgbaImage> frame_pattern(const StereogramParams& stereogram, PatternKind kind, const PatternRow* library,
                                       std::uint32_t seed, const RgbaImage& picture);

// --pattern scene on a still: cut around subject_x from the lit scene, or from the depth's grey
// where the source has no colour of its own (a depth map, text), as the window cuts it. `depth`
// is read whole, so it must not be a streamed map.
Result<RgbaImage> still_scene_pattern(const RgbaImage& lit, DepthRows& depth, int pattern_width, float subject_x);

}  // namespace stereocl
