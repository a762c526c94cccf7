#include "compute/stereogram/physical_geometry.hpp"

#include <cstdio>

namespace stereocl {

namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

double eye_separation_px(const PhysicalGeometry& geometry) { return geometry.eye_separation_mm / 25.4 * geometry.dpi; }

double separation_px(const PhysicalGeometry& geometry, double depth) {
  const double d = depth > 0.0 ? (depth < 1.0 ? depth : 1.0) : 0.0;
  const double mu_z = geometry.depth_of_field * (1.0 - d);
  return (1.0 - mu_z) * eye_separation_px(geometry) / (2.0 - mu_z);
}

Status validate(const PhysicalGeometry& geometry) {
  if (!(geometry.dpi >= kMinDpi && geometry.dpi <= kMaxDpi))
    return failure("dpi " + number(geometry.dpi) + ": must be between " + number(kMinDpi) + " and " + number(kMaxDpi));
  if (!(geometry.eye_separation_mm >= kMinEyeSeparationMm && geometry.eye_separation_mm <= kMaxEyeSeparationMm))
    return failure("eye_separation " + number(geometry.eye_separation_mm) + ": must be between " +
           number(kMinEyeSeparationMm) + " and " + number(kMaxEyeSeparationMm) + " mm");
  if (!(geometry.depth_of_field > 0.0 && geometry.depth_of_field <= kMaxDepthOfField))
    return failure("depth_of_field " + number(geometry.depth_of_field) + ": must be above 0 and at most " +
           number(kMaxDepthOfField));
  return {};
}

}  // namespace stereocl
