#include "compute/stereogram/stereogram_params.hpp"

#include <cmath>
#include <cstdio>

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

namespace {

// "dpi 72 eye_separation 63.5 depth_of_field 0.9: the nearest separation 1.3 px must be ...":
// the units as given, then the separation and the rule it breaks.
Failure refusal(const PhysicalGeometry& units, const char* which, double separation, const std::string& rule) {
  char text[160];
  std::snprintf(text, sizeof text, "dpi %g eye_separation %g depth_of_field %g: the %s separation %.1f px must be ",
                units.dpi, units.eye_separation_mm, units.depth_of_field, which, separation);
  return failure(text + rule);
}

}  // namespace

Result<StereogramParams> resolve_units(StereogramParams params, int picture_width) {
  if (!params.units) return params;
  const PhysicalGeometry& units = *params.units;
  if (Status valid = validate(units); !valid) return failure(valid.error());
  const double far = separation_px(units, 1.0), near = separation_px(units, 0.0);
  if (near < 2.0) return refusal(units, "nearest", near, "at least 2 px (raise --dpi or lower --depth-of-field)");
  if (far > kMaxPatternWidth)
    return refusal(units, "far", far, "at most " + std::to_string(kMaxPatternWidth) + " px (lower --dpi or --eye-separation)");
  if (far >= picture_width)
    return refusal(units, "far", far, "below the picture width " + std::to_string(picture_width) + " px");
  params.pattern_width = static_cast<int>(std::lround(far));
  params.max_offset = static_cast<float>(params.pattern_width - near);
  if (const Status pixels = validate(params); !pixels) return refusal(units, "far", far, "a valid pattern width: " + pixels.error());
  return params;
}

}  // namespace stereocl
