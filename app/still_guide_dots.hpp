#pragma once
// --guide-dots on a still: the dots drawn as a screenshot's are (render/guide_dots_picture.hpp), by
// GL in a headless EGL context, from the picture in GL's row order; the same pixels as the
// window's. Where EGL offers no context the picture is kept without them, and that is said.
#include "core/image.hpp"

#include <optional>

namespace stereocl {

// `picture` in GL's row order; returned top row first, with the dots, or nullopt (said on stderr)
// where no GL context could be had.
std::optional<RgbaImage> with_guide_dots(const RgbaImage& picture, int pattern_width);

}  // namespace stereocl
