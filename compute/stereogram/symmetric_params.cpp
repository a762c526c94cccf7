#include "compute/stereogram/symmetric_params.hpp"

#include "compute/stereogram/stereogram_params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace stereocl {

namespace {

// Past this the hidden-surface test's products E * s would overflow 32-bit integers.
constexpr double kMaxLinkingSeparation = 16384.0;

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

double eye_separation_px(const SymmetricParams& params) {
  if (const auto* pixel = std::get_if<PixelGeometry>(&params.geometry)) return 2.0 * pixel->pattern_width;
  const auto& physical = std::get<PhysicalGeometry>(params.geometry);
  return physical.eye_separation_mm / 25.4 * physical.dpi;
}

Status validate_physical(const PhysicalGeometry& physical) {
  if (!(physical.dpi >= 10.0 && physical.dpi <= 2400.0))
    return failure("--dpi " + number(physical.dpi) + ": must be between 10 and 2400");
  if (!(physical.eye_separation_mm >= 10.0 && physical.eye_separation_mm <= 200.0))
    return failure("--eye-separation " + number(physical.eye_separation_mm) + ": must be between 10 and 200 mm");
  if (!(physical.depth_of_field > 0.0 && physical.depth_of_field <= 0.9))
    return failure("--depth-of-field " + number(physical.depth_of_field) + ": must be above 0 and at most 0.9");
  return {};
}

}  // namespace

Status validate(const SymmetricParams& params) {
  if (params.oversample < 1 || params.oversample > kMaxOversample)
    return failure("--oversample " + std::to_string(params.oversample) + ": must be 1.." +
                   std::to_string(kMaxOversample));
  if (params.pattern_columns < 0 || params.pattern_columns > kMaxPatternColumns)
    return failure("pattern columns " + std::to_string(params.pattern_columns) + ": must be 0 (the far separation) to " +
                   std::to_string(kMaxPatternColumns));
  if (const auto* pixel = std::get_if<PixelGeometry>(&params.geometry)) {
    if (Status pixels = validate(StereogramParams{pixel->pattern_width, pixel->max_offset}); !pixels) return pixels;
  } else if (Status physical = validate_physical(std::get<PhysicalGeometry>(params.geometry)); !physical) {
    return physical;
  }
  const double far = far_separation_px(params), near = near_separation_px(params);
  if (near < 2.0)
    return failure("the nearest separation " + number(near) +
                   " px must be at least 2 px (raise --dpi or lower --depth-of-field)");
  if (far * params.oversample > kMaxLinkingSeparation)
    return failure("the far separation " + number(far) + " px x --oversample " + std::to_string(params.oversample) +
                   " must be at most " + number(kMaxLinkingSeparation));
  return {};
}

SymmetricParams symmetric_params_from_pixels(int pattern_width, float max_offset, int oversample) {
  SymmetricParams params;
  params.geometry = PixelGeometry{pattern_width, max_offset};
  params.oversample = oversample;
  return params;
}

Status validate_symmetric(const StereogramParams& params) {
  if (params.algorithm != StereogramAlgorithm::symmetric) return {};
  return validate(symmetric_params_from_pixels(params.pattern_width, params.max_offset));
}

double separation_px(const SymmetricParams& params, double depth) {
  const double d = depth > 0.0 ? (depth < 1.0 ? depth : 1.0) : 0.0;
  if (const auto* pixel = std::get_if<PixelGeometry>(&params.geometry))
    return pixel->pattern_width - static_cast<double>(pixel->max_offset) * (1.0 - d);
  const double mu = std::get<PhysicalGeometry>(params.geometry).depth_of_field;
  const double z = 1.0 - d;
  return (1.0 - mu * z) * eye_separation_px(params) / (2.0 - mu * z);
}

double far_separation_px(const SymmetricParams& params) { return separation_px(params, 1.0); }
double near_separation_px(const SymmetricParams& params) { return separation_px(params, 0.0); }

SymmetricPlan make_symmetric_plan(const SymmetricParams& params) {
  if (const Status valid = validate(params); !valid) throw std::invalid_argument(valid.error());
  SymmetricPlan plan;
  plan.oversample = params.oversample;
  plan.pattern_columns = params.pattern_columns > 0
                             ? params.pattern_columns
                             : std::max(1, static_cast<int>(std::lround(far_separation_px(params))));
  plan.inverse_pattern_columns = 1.0f / static_cast<float>(plan.pattern_columns);
  plan.eye_separation = static_cast<int>(std::lround(eye_separation_px(params) * params.oversample));
  plan.separations.resize(kSeparationLevels);
  for (int level = 0; level < kSeparationLevels; ++level) {
    const double depth = static_cast<double>(level) / (kSeparationLevels - 1);
    plan.separations[level] = static_cast<std::int32_t>(std::lround(separation_px(params, depth) * params.oversample));
  }
  plan.nearest_separation = *std::min_element(plan.separations.begin(), plan.separations.end());
  return plan;
}

}  // namespace stereocl
