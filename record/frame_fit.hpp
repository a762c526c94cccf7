#pragma once
// Brings a frame to a fixed size without resampling, which would blur the dots and break the
// stereogram: extra rows and columns repeat the last ones, surplus ones are cut off.
#include "core/image.hpp"

namespace stereocl {

RgbaImage fit_frame(const RgbaImage& frame, int width, int height);

}  // namespace stereocl
