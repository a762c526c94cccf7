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
  return eye_separation_px(std::get<PhysicalGeometry>(params.geometry));
}

}  // namespace

Status validate(const SymmetricParams& params) {
  if (params.oversample < 1 || params.oversample > kMaxOversample)
    return failure("oversample " + std::to_string(params.oversample) + ": must be 1.." +
                   std::to_string(kMaxOversample));
  if (params.pattern_columns < 0 || params.pattern_columns > kMaxPatternColumns)
    return failure("pattern columns " + std::to_string(params.pattern_columns) + ": must be 0 (the far separation) to " +
                   std::to_string(kMaxPatternColumns));
  if (const auto* pixel = std::get_if<PixelGeometry>(&params.geometry)) {
    if (Status pixels = validate(StereogramParams{pixel->pattern_width, pixel->max_offset}); !pixels) return pixels;
  } else if (Status units = validate(std::get<PhysicalGeometry>(params.geometry)); !units) {
    return units;
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

SymmetricParams symmetric_params_of(const StereogramParams& params) {
  SymmetricParams symmetric = symmetric_params_from_pixels(params.pattern_width, params.max_offset, params.oversample);
  if (params.units) {
    symmetric.geometry = *params.units;
    symmetric.pattern_columns = params.pattern_width;
  }
  symmetric.group_colour = params.group_colour;
  symmetric.dot_size = params.dot_size;
  return symmetric;
}

double separation_px(const SymmetricParams& params, double depth) {
  const double d = depth > 0.0 ? (depth < 1.0 ? depth : 1.0) : 0.0;
  if (const auto* pixel = std::get_if<PixelGeometry>(&params.geometry))
    return pixel->pattern_width - static_cast<double>(pixel->max_offset) * (1.0 - d);
  return separation_px(std::get<PhysicalGeometry>(params.geometry), d);
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
  if (params.group_colour == GroupColour::hashed) plan.pattern_columns = kRandomPaletteColumns;
  plan.inverse_pattern_columns = 1.0f / static_cast<float>(plan.pattern_columns);
  plan.group_colour = params.group_colour;
  // Roots within one output pixel share a dot: that is what lets an oversampled picture show a
  // separation between two whole ones (the eye decodes the mix); a dot per linking pixel would
  // leave pixels whose partner falls between two output pixels with no partner at all
  // (docs/stereogram-quality.md measures both). A larger dot spans dot_size output pixels.
  plan.dot_rows = std::max(params.dot_size, 1);
  plan.dot_columns = plan.dot_rows * params.oversample;
  plan.eye_separation = static_cast<int>(std::lround(eye_separation_px(params) * params.oversample));
  plan.separations.resize(kSeparationLevels);
  for (int level = 0; level < kSeparationLevels; ++level) {
    const double depth = static_cast<double>(level) / (kSeparationLevels - 1);
    plan.separations[level] = static_cast<std::int32_t>(
        std::lround(separation_px(params, depth) * params.oversample * (1 << kSeparationFractionBits)));
  }
  // The smallest any row rounds to: the ray test stops where rays rise above it.
  plan.nearest_separation =
      *std::min_element(plan.separations.begin(), plan.separations.end()) >> kSeparationFractionBits;
  return plan;
}

}  // namespace stereocl
