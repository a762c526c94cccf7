#pragma once
// The viewer's physical setup (Thimbleby, Inglis & Witten 1994): screen resolution, the distance
// between the eyes and how deep the scene reaches towards the viewer. It fixes the separation of
// the two pixels of a scene point at each depth, so a stereogram is as deep on a phone as on a
// projector.
#include "core/result.hpp"
#include <optional>
#include <string>

namespace stereocl {

// z = 1 - depth (0 far, 1 near); s(z) = (1 - mu z) E / (2 - mu z) with E the eye separation in
// pixels: E/2 at the far plane, (1 - mu) E / (2 - mu) at the nearest point.
struct PhysicalGeometry {
  double dpi = 96.0;
  double eye_separation_mm = 63.5;
  double depth_of_field = 1.0 / 3.0;  // mu: the near plane's distance in front of the far one, in eye distances
  friend bool operator==(const PhysicalGeometry&, const PhysicalGeometry&) = default;
};

// The ranges --dpi, --eye-separation and --depth-of-field accept. 36 dpi is a large projection,
// 1200 a print; mu stays below 1, where the near plane would reach the eyes.
inline constexpr double kMinDpi = 36.0;
inline constexpr double kMaxDpi = 1200.0;
inline constexpr double kMinEyeSeparationMm = 10.0;
inline constexpr double kMaxEyeSeparationMm = 200.0;
inline constexpr double kMaxDepthOfField = 0.9;

double eye_separation_px(const PhysicalGeometry& geometry);
// s at `depth` (0 near .. 1 far, clamped; NaN counts as near), in pixels.
double separation_px(const PhysicalGeometry& geometry, double depth);

// Fails, with a one-line reason naming the value and the rule, unless every value is in its range.
Status validate(const PhysicalGeometry& geometry);

}  // namespace stereocl
