#include "compute/stereogram/stereogram_params.hpp"

#include <cmath>

namespace stereocl {

Status validate(const StereogramParams& params) {
  const int p = params.pattern_width;
  if (p < kMinPatternWidth || p > kMaxPatternWidth)
    return failure("pattern width " + std::to_string(p) + " is outside " + std::to_string(kMinPatternWidth) +
           ".." + std::to_string(kMaxPatternWidth) + " pixels");
  const float m = params.max_offset;
  if (!std::isfinite(m) || m < 0.f || m >= static_cast<float>(p - 1))
    return failure("max offset " + std::to_string(m) + " must be >= 0 and below pattern width - 1 (" +
           std::to_string(p - 1) + ")");
  return {};
}

}  // namespace stereocl
