// Resampling (core/image_resample) and fitting a depth map to the scene (core/depth_fit): an
// area average where an axis shrinks (no aliasing: fine stripes become their mean, not stripes of
// another period), bilinear where it grows, wrapping for tiles, the aspect kept where asked and
// the far plane where the map does not reach.
#include "core/image_resample.hpp"
#include "core/depth_fit.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace stereocl {
namespace {

DepthImage row_of(std::vector<float> values) {
  DepthImage image(static_cast<int>(values.size()), 1);
  image.pixels = std::move(values);
  return image;
}

DepthImage stripes(int width, int height) {
  DepthImage image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.at(x, y) = static_cast<float>(x % 2);
  return image;
}

double mean(const DepthImage& image) {
  return std::accumulate(image.pixels.begin(), image.pixels.end(), 0.0) / static_cast<double>(image.pixels.size());
}

TEST(Resample, TheSameSizeIsACopy) {
  const DepthImage image = stripes(7, 3);
  EXPECT_EQ(resample(image, 7, 3).pixels, image.pixels);
}

TEST(Resample, ShrinkingAveragesEverySourcePixel) {
  const DepthImage halved = resample(row_of({0, 1, 0, 1, 1, 1}), 3, 1);
  EXPECT_FLOAT_EQ(halved.pixels[0], 0.5f);
  EXPECT_FLOAT_EQ(halved.pixels[1], 0.5f);
  EXPECT_FLOAT_EQ(halved.pixels[2], 1.0f);
  // One-pixel stripes shrunk by 2.5 in x and 1.5 in y: point sampling would give 0s and 1s.
  const DepthImage shrunk = resample(stripes(250, 30), 100, 20);
  for (const float value : shrunk.pixels) {
    EXPECT_GE(value, 0.39f);
    EXPECT_LE(value, 0.61f);
  }
  EXPECT_NEAR(mean(shrunk), 0.5, 1e-4);
}

TEST(Resample, EnlargingIsBilinearBetweenPixelCentres) {
  const DepthImage clamped = resample(row_of({0, 1}), 4, 1);
  EXPECT_EQ(clamped.pixels, (std::vector<float>{0.0f, 0.25f, 0.75f, 1.0f}));
  const DepthImage wrapped = resample(row_of({0, 1}), 4, 1, ResampleEdges::wrap);
  EXPECT_EQ(wrapped.pixels, (std::vector<float>{0.25f, 0.25f, 0.75f, 0.75f}));
  // Each axis takes its own filter: shrink in x, grow in y.
  const DepthImage mixed = resample(stripes(8, 2), 4, 6);
  ASSERT_EQ(mixed.width, 4);
  ASSERT_EQ(mixed.height, 6);
  for (const float value : mixed.pixels) EXPECT_FLOAT_EQ(value, 0.5f);
}

TEST(Resample, ColourChannelsStayApartAndRound) {
  RgbaImage image(2, 1);
  image.at(0, 0) = {200, 0, 10, 255};
  image.at(1, 0) = {0, 100, 11, 255};
  const RgbaImage one = resample(image, 1, 1);
  EXPECT_EQ(one.at(0, 0), (Rgba8{100, 50, 11, 255}));  // 10.5 rounds up
}

TEST(Resample, RefusesAnEmptySize) { EXPECT_THROW((void)resample(stripes(4, 4), 0, 4), std::invalid_argument); }

TEST(ScalePatternToWidth, KeepsTheAspectAndTiles) {
  RgbaImage pattern(200, 100);
  for (int y = 0; y < 100; ++y)
    for (int x = 0; x < 200; ++x) pattern.at(x, y) = {static_cast<std::uint8_t>(x < 100 ? 0 : 255), 0, 0, 255};
  const RgbaImage scaled = scale_pattern_to_width(pattern, 80);
  ASSERT_EQ(scaled.width, 80);
  ASSERT_EQ(scaled.height, 40);
  EXPECT_EQ(scaled.at(10, 20).r, 0);
  EXPECT_EQ(scaled.at(70, 20).r, 255);
  // Enlarged, the first column blends with the last one it tiles against, not with itself.
  const RgbaImage enlarged = scale_pattern_to_width(pattern, 800);
  EXPECT_EQ(enlarged.height, 400);
  EXPECT_GT(enlarged.at(0, 200).r, 0);
  EXPECT_LT(enlarged.at(0, 200).r, 255);
}

TEST(ScalePatternToWidth, SquashesASliverToTheHeightCap) {
  const RgbaImage sliver(4, 1000, Rgba8{9, 9, 9, 255});
  const RgbaImage scaled = scale_pattern_to_width(sliver, 100);
  EXPECT_EQ(scaled.width, 100);
  EXPECT_EQ(scaled.height, kMaxScaledPatternHeight);
  EXPECT_EQ(scaled.at(50, 2000), (Rgba8{9, 9, 9, 255}));
}

// A 200 x 100 map whose left half is near (0) and right half middling (0.5).
DepthImage two_halves() {
  DepthImage map(200, 100);
  for (int y = 0; y < 100; ++y)
    for (int x = 0; x < 200; ++x) map.at(x, y) = x < 100 ? 0.0f : 0.5f;
  return map;
}

TEST(FitDepth, ContainKeepsTheAspectBetweenFarBars) {
  const DepthImage fitted = fit_depth(two_halves(), 100, 100, DepthFit::contain);
  ASSERT_EQ(fitted.width, 100);
  ASSERT_EQ(fitted.height, 100);
  for (int x = 0; x < 100; ++x) {
    EXPECT_EQ(fitted.at(x, 24), 1.0f) << "bar above, column " << x;
    EXPECT_EQ(fitted.at(x, 75), 1.0f) << "bar below, column " << x;
  }
  EXPECT_EQ(fitted.at(10, 25), 0.0f);
  EXPECT_EQ(fitted.at(90, 74), 0.5f);
  // Taller than the map's aspect the other way: bars left and right.
  const DepthImage wide = fit_depth(two_halves(), 400, 100, DepthFit::contain);
  EXPECT_EQ(wide.at(99, 50), 1.0f);
  EXPECT_EQ(wide.at(100, 50), 0.0f);
  EXPECT_EQ(wide.at(299, 50), 0.5f);
  EXPECT_EQ(wide.at(300, 50), 1.0f);
}

TEST(FitDepth, StretchFillsTheScene) {
  const DepthImage fitted = fit_depth(two_halves(), 50, 300, DepthFit::stretch);
  ASSERT_EQ(fitted.width, 50);
  ASSERT_EQ(fitted.height, 300);
  EXPECT_EQ(fitted.at(0, 0), 0.0f);
  EXPECT_EQ(fitted.at(24, 299), 0.0f);
  EXPECT_EQ(fitted.at(25, 150), 0.5f);
  EXPECT_EQ(fitted.at(49, 299), 0.5f);
}

TEST(FitDepth, NoneCentresAtOneToOneCroppingOrPadding) {
  // Cropped in x (columns 50..149 of the map), padded in y (rows 50..149 of the scene).
  const DepthImage fitted = fit_depth(two_halves(), 100, 200, DepthFit::none);
  ASSERT_EQ(fitted.width, 100);
  ASSERT_EQ(fitted.height, 200);
  EXPECT_EQ(fitted.at(0, 49), 1.0f);
  EXPECT_EQ(fitted.at(0, 50), 0.0f);
  EXPECT_EQ(fitted.at(49, 100), 0.0f);
  EXPECT_EQ(fitted.at(50, 100), 0.5f);
  EXPECT_EQ(fitted.at(99, 149), 0.5f);
  EXPECT_EQ(fitted.at(99, 150), 1.0f);
}

TEST(FitDepth, AMapOfTheSceneSizeIsUnchanged) {
  for (const DepthFit fit : {DepthFit::contain, DepthFit::stretch, DepthFit::none})
    EXPECT_EQ(fit_depth(two_halves(), 200, 100, fit).pixels, two_halves().pixels);
}

}  // namespace
}  // namespace stereocl
