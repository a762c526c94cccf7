// Where the convergence dots go: one pattern period apart at the scale the image is shown,
// centred over it, above it where there is room.
#include "render/convergence_dots.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(ConvergenceDots, OnePeriodApartCentredAboveAnImageShownOneToOne) {
  const Rect image = fit_centred(1365, 720, 1365, 760);
  const DotLayout dots = convergence_dot_layout(image, 1365, 85, 760);
  EXPECT_FLOAT_EQ(dots.right_x - dots.left_x, 85.0f);
  EXPECT_FLOAT_EQ((dots.left_x + dots.right_x) / 2.0f, 1365.0f / 2.0f);
  EXPECT_GT(dots.y - dots.radius, static_cast<float>(image.y + image.height));  // wholly above the picture
  EXPECT_LT(dots.y + dots.radius, 760.0f);
}

// --convergence-dot-size 3 at --ui-scale 1 on a narrow pattern: the floor (3 px x the scale)
// passes the cap (a quarter of the period); the cap wins, so the dots never touch.
TEST(ConvergenceDots, ANarrowPatternAtALargeSizeKeepsThemApart) {
  const Rect image = fit_centred(400, 300, 400, 340);
  for (const int period : {4, 12, 30}) {
    const DotLayout dots = convergence_dot_layout(image, 400, period, 340, 3.0f);
    EXPECT_FLOAT_EQ(dots.radius, static_cast<float>(period) * 0.25f) << period;
    EXPECT_LT(2.0f * dots.radius, dots.right_x - dots.left_x) << period;
  }
}

TEST(ConvergenceDots, ScaleWithAnImageShownSmaller) {
  const Rect image = fit_centred(2000, 1000, 1000, 600);  // shown at half size
  const DotLayout dots = convergence_dot_layout(image, 2000, 100, 600);
  EXPECT_FLOAT_EQ(dots.right_x - dots.left_x, 50.0f);
}

TEST(ConvergenceDots, GoOverTheTopEdgeWhenThereIsNoRoomAbove) {
  const Rect image = fit_centred(800, 600, 800, 600);
  const DotLayout dots = convergence_dot_layout(image, 800, 85, 600);
  EXPECT_LT(dots.y + dots.radius, 600.0f);
  EXPECT_GT(dots.y, 500.0f);
}

// From the back of a room: a fullscreen picture on a projector gets dots at least 1% of its width
// across (they were 7 px on grey noise), outlined, and still apart at the default pattern width.
TEST(ConvergenceDots, AtLeastOnePercentOfThePictureWideAndOutlined) {
  for (const int width : {1920, 3840}) {
    const Rect image = fit_centred(width, width * 9 / 16, width, width * 9 / 16);
    const DotLayout dots = convergence_dot_layout(image, width, 85, width * 9 / 16);
    EXPECT_GE(2.0f * dots.radius, 0.01f * static_cast<float>(width)) << width;
    EXPECT_GE(dots.rim, 1.5f) << width;
    EXPECT_LT(2.0f * dots.radius, dots.right_x - dots.left_x) << "the dots touch at " << width;
  }
}

// --ui-scale 2 (a room far away) or --convergence-dot-size 3 (a projector), or both: larger dots,
// still wholly in the band above the picture when the scaled band is there (the picture centred in
// a window a band taller on each side).
TEST(ConvergenceDots, GrowWithTheUiScaleAndKeepTheirBand) {
  for (const float scale : {1.5f, 2.0f, 3.0f, 6.0f}) {
    const int height = 720 + 2 * dot_band_height(scale);
    const Rect image = fit_centred(1280, 720, 1280, height);
    const DotLayout one = convergence_dot_layout(image, 1280, 160, height);
    const DotLayout scaled = convergence_dot_layout(image, 1280, 160, height, scale);
    EXPECT_FLOAT_EQ(scaled.radius, std::min(one.radius * scale, 160 * 0.25f)) << scale << " (capped: never touching)";
    EXPECT_GT(scaled.y - scaled.radius - scaled.rim, static_cast<float>(image.y + image.height)) << scale;
    EXPECT_LT(scaled.y + scaled.radius, static_cast<float>(height)) << scale;
  }
}

TEST(ConvergenceDots, NothingForAnEmptyImage) {
  EXPECT_EQ(convergence_dot_layout(Rect{}, 0, 85, 600).radius, 0.0f);
}

}  // namespace
}  // namespace stereocl
