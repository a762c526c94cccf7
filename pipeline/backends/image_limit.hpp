#pragma once
// Whether a mode can hold a size in the OpenCL device's images, asked BEFORE any image is made:
// clCreateImage past CL_DEVICE_IMAGE2D_MAX_WIDTH/HEIGHT fails mid-frame, and PoCL's limit moves
// with free memory (8192 under POCL_MEMORY_LIMIT=8, 16384 otherwise), so a size that ran on one
// machine can fail on the next. A mode that cannot hold the size is greyed with the numbers.
#include "core/result.hpp"
#include "pipeline/mode.hpp"

namespace stereocl {

// CL_DEVICE_IMAGE2D_MAX_WIDTH x _HEIGHT; 0 x 0 where there is no OpenCL device (nothing to limit).
struct ImageLimit {
  long long width = 0;
  long long height = 0;
};

// What a frame of a width x height scene puts in device images: the picture (strip_width wider) and the depth.
struct StereogramSize {
  int width = 0, height = 0, strip_width = 0;  // the extra width of the picture: P for lookup, 0 for symmetric
};

// Whether `mode` can hold `size` on a device with `limit` (always, where it makes no device
// images); if not, why ("a 8193 x 1 image exceeds this OpenCL device's 8192 x 8192 image limit").
Status image_limit_allows(Mode mode, ImageLimit limit, StereogramSize size);

// `engine_availability` with every mode that cannot hold `size` disabled for that reason.
ModeAvailability availability_at_size(ModeAvailability engine_availability, ImageLimit limit, StereogramSize size);

}  // namespace stereocl
