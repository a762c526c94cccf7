// The CPU reference on its own: the stereogram's defining properties, the threaded version's
// exact agreement, bad depth values, and the parameter rules.
#include "compute/stereogram/lookup_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"

#include "random_images.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <ostream>
#include <random>

namespace stereocl {
namespace {

using testing::random_depth;

float fractional_part(float coordinate) { return coordinate - std::floor(coordinate); }

struct FlatDepthCase {
  float depth;
  int period;  // P - M * (1 - d) for P = 85, M = 30
};

void PrintTo(const FlatDepthCase& test, std::ostream* out) {
  *out << "depth " << test.depth << " period " << test.period;
}

class FlatDepth : public ::testing::TestWithParam<FlatDepthCase> {};

// A flat plane at depth d repeats every P - M(1 - d) pixels: the lookup lands exactly on a pixel
// one period back, so each coordinate is the one a period earlier plus one pattern width, and
// the pattern sampled at the fractional part repeats.
TEST_P(FlatDepth, RowsRepeatWithThePlanesPeriod) {
  const StereogramParams params{85, 30.f};
  const auto [d, period] = GetParam();
  const DepthImage depth(400, 3, d);
  const OffsetImage offsets = stereogram_offsets_reference(depth, params);
  ASSERT_EQ(offsets.width, 400 + params.pattern_width);
  for (int y = 0; y < offsets.height; ++y) {
    for (int i = params.pattern_width; i < offsets.width; ++i) {
      ASSERT_EQ(offsets.at(i, y), offsets.at(i - period, y) + 1.0f) << "pixel " << i << " row " << y;
      ASSERT_NEAR(fractional_part(offsets.at(i, y)), fractional_part(offsets.at(i - period, y)), 1e-4)
          << "pixel " << i << " row " << y;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Periods, FlatDepth,
                         ::testing::Values(FlatDepthCase{0.f, 55}, FlatDepthCase{0.5f, 70}, FlatDepthCase{1.f, 85}));

// Where depth changes by less than 1/M per pixel, each lookup lands further right than the last,
// so the coordinates grow along the row. (A steeper step hides pixels and may jump back.)
TEST(StereogramCpu, CoordinatesIncreaseAlongRowsOfGentleDepth) {
  const StereogramParams params{85, 30.f};
  DepthImage depth(1000, 4);
  for (int y = 0; y < depth.height; ++y)
    for (int x = 0; x < depth.width; ++x)
      depth.at(x, y) = y == 0 ? 0.f : 0.5f + 0.5f * std::sin(static_cast<float>(x) / (20.f * static_cast<float>(y)));
  const OffsetImage offsets = stereogram_offsets_reference(depth, params);
  for (int y = 0; y < offsets.height; ++y)
    for (int i = 1; i < offsets.width; ++i)
      ASSERT_LT(offsets.at(i - 1, y), offsets.at(i, y)) << "pixel " << i << " row " << y;
}

struct ParallelCase {
  int width;
  int height;
};

void PrintTo(const ParallelCase& test, std::ostream* out) { *out << test.width << "x" << test.height; }

class ParallelMatchesReference : public ::testing::TestWithParam<ParallelCase> {};

TEST_P(ParallelMatchesReference, ExactlyForEveryThreadCount) {
  const auto [width, height] = GetParam();
  for (const StereogramParams params : {StereogramParams{85, 30.f}, StereogramParams{4, 2.5f}}) {
    const DepthImage depth = random_depth(width, height, 1234u + static_cast<unsigned>(width * 7 + height));
    const OffsetImage expected = stereogram_offsets_reference(depth, params);
    OffsetImage actual(3, 5);  // the wrong size on purpose: it must be resized
    for (const int threads : {1, 2, 3, 7}) {
      stereogram_offsets_parallel(depth, params, threads, actual);
      ASSERT_EQ(actual.width, expected.width);
      ASSERT_EQ(actual.height, expected.height);
      ASSERT_TRUE(actual.pixels == expected.pixels) << threads << " threads, P=" << params.pattern_width;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, ParallelMatchesReference,
                         ::testing::Values(ParallelCase{1, 1}, ParallelCase{86, 1}, ParallelCase{1, 86},
                                           ParallelCase{1921, 1081}),
                         [](const auto& test) {
                           return std::to_string(test.param.width) + "x" + std::to_string(test.param.height);
                         });

// NaN, infinities and values outside [0, 1] act as the nearest valid depth, so no lookup leaves
// the row and every coordinate stays between i/P - 1 and 1 + i/(P - 1 - ceil(M)).
TEST(StereogramCpu, OutOfRangeDepthIsClampedAndStaysInRange) {
  const StereogramParams params{85, 30.f};
  constexpr float nan = std::numeric_limits<float>::quiet_NaN();
  constexpr float infinity = std::numeric_limits<float>::infinity();
  const float bad_values[] = {nan, -nan, -0.5f, -infinity, 1.5f, infinity, -1e30f, 1e30f};
  const float clamped_values[] = {0.f, 0.f, 0.f, 0.f, 1.f, 1.f, 0.f, 1.f};

  DepthImage bad = random_depth(500, 2, 99u);
  DepthImage clamped = bad;
  for (int x = 0; x < bad.width; x += 3) {
    const auto which = static_cast<std::size_t>(x / 3) % std::size(bad_values);
    bad.at(x, 1) = bad_values[which];
    clamped.at(x, 1) = clamped_values[which];
  }
  const OffsetImage from_bad = stereogram_offsets_reference(bad, params);
  const OffsetImage from_clamped = stereogram_offsets_reference(clamped, params);
  ASSERT_TRUE(from_bad.pixels == from_clamped.pixels);

  const float p = static_cast<float>(params.pattern_width);
  const float band = static_cast<float>(params.pattern_width - 1) - std::ceil(params.max_offset);
  for (int y = 0; y < from_bad.height; ++y) {
    for (int i = 0; i < from_bad.width; ++i) {
      const float coordinate = from_bad.at(i, y);
      const float index = static_cast<float>(i);
      ASSERT_TRUE(std::isfinite(coordinate)) << "pixel " << i;
      ASSERT_GE(coordinate, index / p - 1.f - 1e-3f) << "pixel " << i;
      ASSERT_LE(coordinate, 1.f + index / band + 1e-3f) << "pixel " << i;
    }
  }
}

TEST(StereogramParamsValidate, AcceptsTheUsualAndTheExtremes) {
  for (const StereogramParams params : {StereogramParams{85, 30.f}, StereogramParams{4, 2.5f}, StereogramParams{4, 0.f},
                                        StereogramParams{1024, 1000.f}, StereogramParams{1024, 1022.9f}})
    EXPECT_TRUE(validate(params).ok()) << params.pattern_width << " " << params.max_offset;
}

TEST(StereogramParamsValidate, RejectsLookupsThatCouldLeaveTheRow) {
  constexpr float nan = std::numeric_limits<float>::quiet_NaN();
  constexpr float infinity = std::numeric_limits<float>::infinity();
  for (const StereogramParams params :
       {StereogramParams{85, 84.f}, StereogramParams{85, 90.f}, StereogramParams{85, -0.5f}, StereogramParams{85, nan},
        StereogramParams{85, infinity}, StereogramParams{85, -infinity}, StereogramParams{3, 1.f},
        StereogramParams{1025, 30.f}, StereogramParams{0, 0.f}, StereogramParams{-85, 30.f}}) {
    const Status problem = validate(params);
    ASSERT_FALSE(problem.ok()) << params.pattern_width << " " << params.max_offset;
    EXPECT_FALSE(problem.error().empty());
  }
}

}  // namespace
}  // namespace stereocl

namespace stereocl {
namespace {

// With M just below P - 1 the lookup reaches the pixel right before the one being written; on a
// long row, adding the shift to a large pixel index in float could round up onto the pixel
// itself and read whatever the buffer held. Pre-filling with NaN makes such a read visible.
TEST(StereogramReference, LongRowsWithTheLargestOffsetNeverReadThePixelBeingWritten) {
  const StereogramParams params{4, 2.9999f};
  ASSERT_TRUE(validate(params).ok());
  const int width = 20000;
  std::vector<float> depth(width, 0.f), offsets(width + params.pattern_width, std::nanf(""));
  stereogram_offsets_row(depth.data(), width, params, offsets.data());
  for (int i = 0; i < width + params.pattern_width; ++i) ASSERT_TRUE(std::isfinite(offsets[i])) << "pixel " << i;
}

}  // namespace
}  // namespace stereocl
