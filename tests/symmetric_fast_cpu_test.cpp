// The fast CPU engine against the reference it replaces (symmetric_cpu.hpp), bit for bit, on
// the maps that take each of its paths: smooth ones (the hidden-surface walk skipped), steps and
// random depth (the walk run), slopes (the walk run to its end, eight steps at a time), at awkward
// widths, every group colour, oversampling, dot size and both geometries; and on rows of another
// size between them, as the scratch is reused.
#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_fast_cpu.hpp"
#include "depth_scenes.hpp"
#include "random_images.hpp"
#include "same_bits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace stereocl {
namespace {

struct NamedDepth {
  std::string name;
  DepthImage depth;
};

std::vector<NamedDepth> awkward_depths() {
  std::vector<NamedDepth> depths;
  for (const auto& [width, height] : {std::pair{1, 3}, std::pair{37, 5}, std::pair{257, 9}, std::pair{1021, 7}}) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    depths.push_back({"sphere " + size, testing::sphere_on_ramp_depth(width, height)});
    depths.push_back({"steps " + size, testing::stepped_depth(width, height, static_cast<unsigned>(width))});
    depths.push_back({"random " + size, testing::random_depth(width, height, static_cast<unsigned>(height))});
    depths.push_back({"pillar " + size, testing::pillar_depth(width, height, {width / 3, std::min(width, width / 3 + 40), 1, height})});
    depths.push_back({"sawtooth " + size, testing::sawtooth_depth(width, height)});
  }
  return depths;
}

OffsetImage fast_coordinates(const DepthImage& depth, const SymmetricPlan& plan, SymmetricFastScratch& scratch,
                             SimdLevel simd = host_simd_level()) {
  OffsetImage coordinates(depth.width, depth.height);
  for (int y = 0; y < depth.height; ++y)
    symmetric_coordinates_row_fast(depth.row(y), depth.width, y, plan, coordinates.row(y), scratch, simd);
  return coordinates;
}

// Both builds of the row (core/simd_level.hpp): the baseline one everywhere, and the AVX2 one
// where this CPU has it (elsewhere the second is the baseline again).
constexpr SimdLevel kEveryBuild[] = {SimdLevel::baseline, SimdLevel::avx2};
const char* build_name(SimdLevel simd) {
  return usable_simd_level(simd) == SimdLevel::avx2 ? "AVX2 build" : "baseline build";
}

std::vector<SymmetricParams> every_kind_of_params() {
  std::vector<SymmetricParams> kinds;
  for (const GroupColour colour : {GroupColour::hashed, GroupColour::anchored, GroupColour::flowing})
    for (const int oversample : {1, 3})
      for (const auto& [width, offset] : {std::pair{85, 30.f}, std::pair{23, 21.f}, std::pair{160, 12.f}}) {
        SymmetricParams params = symmetric_params_from_pixels(width, offset, oversample);
        params.group_colour = colour;
        params.dot_size = oversample == 3 ? 2 : 1;
        kinds.push_back(params);
      }
  SymmetricParams physical;
  physical.geometry = PhysicalGeometry{72.0, 2.5 * 25.4, 1.0 / 3.0};
  physical.group_colour = GroupColour::hashed;
  physical.oversample = 2;
  kinds.push_back(physical);
  return kinds;
}

TEST(SymmetricFastCpu, EqualsTheReferenceOnEveryKindOfMapAndParameter) {
  SymmetricFastScratch scratch;  // one for all: rows of every width, plan and build in turn
  for (const SymmetricParams& params : every_kind_of_params()) {
    const SymmetricPlan plan = make_symmetric_plan(params);
    for (const NamedDepth& map : awkward_depths()) {
      const OffsetImage expected = symmetric_coordinates_reference(map.depth, plan);
      for (const SimdLevel simd : kEveryBuild)
        ASSERT_TRUE(testing::same_bits(expected, fast_coordinates(map.depth, plan, scratch, simd)))
            << map.name << ", oversample " << params.oversample << ", colour "
            << static_cast<int>(params.group_colour) << ", " << plan.pattern_columns << " columns, "
            << build_name(simd);
    }
  }
}

// The parallel driver hands its level to every row: both builds, through OpenMP, on a band that
// starts at an odd row (hashed dots and the dither depend on the picture's row).
TEST(SymmetricFastCpu, ParallelRowsTakeTheBuildAskedFor) {
  SymmetricParams params = symmetric_params_from_pixels(85, 30.f);
  params.group_colour = GroupColour::hashed;
  const SymmetricPlan plan = make_symmetric_plan(params);
  const DepthImage picture = testing::sphere_on_ramp_depth(389, 23);
  const int first_row = 7;
  const OffsetImage whole = symmetric_coordinates_reference(picture, plan);
  const DepthView band(picture.row(first_row), picture.width, picture.height - first_row);
  OffsetImage expected(band.width, band.height);
  std::copy(whole.row(first_row), whole.row(first_row) + expected.pixels.size(), expected.pixels.begin());
  for (const SimdLevel simd : kEveryBuild) {
    OffsetImage coordinates;
    symmetric_coordinates_parallel(band, plan, 3, coordinates, first_row, simd);
    EXPECT_TRUE(testing::same_bits(expected, coordinates)) << build_name(simd);
  }
}

// Depth outside [0, 1] and NaN clamp in both, so neither indexes outside its tables.
TEST(SymmetricFastCpu, EqualsTheReferenceOnDepthOutsideItsRange) {
  DepthImage depth = testing::random_depth(301, 4, 7u);
  for (std::size_t i = 0; i < depth.pixels.size(); i += 7) depth.pixels[i] = (i % 3 == 0) ? -5.f : 9.f;
  depth.pixels[11] = std::nanf("");
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f));
  SymmetricFastScratch scratch;
  for (const SimdLevel simd : kEveryBuild)
    EXPECT_TRUE(
        testing::same_bits(symmetric_coordinates_reference(depth, plan), fast_coordinates(depth, plan, scratch, simd)))
        << build_name(simd);
}

}  // namespace
}  // namespace stereocl
