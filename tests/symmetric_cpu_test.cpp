// The symmetric stereogram's CPU reference: the paper's separations, every link honoured,
// hidden points left free, separations that decode back, and the OpenMP version equal to it.
#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_fast_cpu.hpp"
#include "depth_scenes.hpp"
#include "random_images.hpp"
#include "core/pattern.hpp"
#include "stereogram_pictures.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace stereocl {
namespace {

TEST(SymmetricParams, ThePapersFormulaAtKnownValues) {
  SymmetricParams params;
  params.geometry = PhysicalGeometry{72.0, 2.5 * 25.4, 1.0 / 3.0};  // E = 180 px
  EXPECT_NEAR(far_separation_px(params), 90.0, 1e-9);
  EXPECT_NEAR(near_separation_px(params), 72.0, 1e-9);
  // Halfway in depth (z = 1/2): (1 - 1/6) 180 / (2 - 1/6) = 150 / (11/6) = 81.818...
  EXPECT_NEAR(separation_px(params, 0.5), 900.0 / 11.0, 1e-9);
  params.oversample = 4;
  const SymmetricPlan plan = make_symmetric_plan(params);
  EXPECT_EQ(plan.separations.front(), 72 * 4 << kSeparationFractionBits);
  EXPECT_EQ(plan.separations.back(), 90 * 4 << kSeparationFractionBits);
  EXPECT_EQ(plan.eye_separation, 180 * 4);
  EXPECT_EQ(plan.nearest_separation, 72 * 4);
  EXPECT_EQ(plan.pattern_columns, 90);
}

TEST(SymmetricParams, PixelLevelIsLinearLikeTheLookup) {
  const SymmetricParams params = symmetric_params_from_pixels(85, 30.f);
  EXPECT_DOUBLE_EQ(far_separation_px(params), 85.0);
  EXPECT_DOUBLE_EQ(near_separation_px(params), 55.0);
  EXPECT_DOUBLE_EQ(separation_px(params, 0.5), 70.0);
  EXPECT_DOUBLE_EQ(separation_px(params, std::nan("")), 55.0);  // NaN clamps to near
  EXPECT_EQ(make_symmetric_plan(params).eye_separation, 170);
}

TEST(SymmetricParams, RejectsBadValuesNamingThem) {
  const auto reason = [](SymmetricParams params) {
    const Status valid = validate(params);
    return valid ? std::string() : valid.error();
  };
  SymmetricParams params = symmetric_params_from_pixels(85, 30.f, 9);
  EXPECT_NE(reason(params).find("oversample 9"), std::string::npos) << reason(params);
  params = symmetric_params_from_pixels(85, 84.f);
  EXPECT_NE(reason(params).find("84"), std::string::npos) << reason(params);
  params.geometry = PhysicalGeometry{0.0, 63.5, 1.0 / 3.0};
  EXPECT_NE(reason(params).find("dpi 0"), std::string::npos) << reason(params);
  params.geometry = PhysicalGeometry{96.0, 63.5, 1.5};
  EXPECT_NE(reason(params).find("depth_of_field 1.5"), std::string::npos) << reason(params);
  params.geometry = PhysicalGeometry{1200.0, 200.0, 0.5};
  params.oversample = 8;
  EXPECT_NE(reason(params).find("oversample 8"), std::string::npos) << reason(params);
  EXPECT_THROW(make_symmetric_plan(params), std::invalid_argument);
  EXPECT_TRUE(validate(symmetric_params_from_pixels(85, 30.f, 8)).ok());
}

// Every link the reference makes must show as equal coordinates, on random and stepped depth.
TEST(SymmetricReference, EveryLinkHoldsInTheOutput) {
  for (const auto& params : {symmetric_params_from_pixels(85, 30.f), symmetric_params_from_pixels(4, 2.f),
                             symmetric_params_from_pixels(200, 150.f)}) {
    const SymmetricPlan plan = make_symmetric_plan(params);
    for (const DepthImage& depth : {testing::random_depth(1301, 7, 3u), testing::stepped_depth(1517, 5, 4u)}) {
      const OffsetImage coordinates = symmetric_coordinates_reference(depth, plan);
      std::size_t links = 0;
      for (int y = 0; y < depth.height; ++y)
        for (const SymmetricLink& link : symmetric_links_row(depth.row(y), depth.width, y, plan)) {
          if (!link.kept) continue;
          ++links;
          ASSERT_EQ(coordinates.at(link.left, y), coordinates.at(link.right, y))
              << "link of point " << link.point << " in row " << y;
        }
      EXPECT_GT(links, static_cast<std::size_t>(depth.height * 50)) << "a test of almost no links proves little";
    }
  }
}

// A near pillar (separation 72) in front of a wall (90), E = 180: the wall just beside the
// pillar is hidden from one eye. By the ray test's geometry, wall points within 14 px of the
// pillar's edges are; from 16 px on both eyes see them.
TEST(SymmetricReference, HiddenPointsCarryNoConstraint) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(90, 18.f));
  const testing::Pillar pillar{200, 260, 0, 1};
  const DepthImage depth = testing::pillar_depth(500, 1, pillar);
  const auto links = symmetric_links_row(depth.row(0), depth.width, 0, plan);
  const auto linked = [&](int point) {
    return std::any_of(links.begin(), links.end(), [&](const SymmetricLink& link) { return link.point == point; });
  };
  for (int x = pillar.right; x < pillar.right + 14; ++x) EXPECT_FALSE(linked(x)) << "wall point " << x;
  for (int x = pillar.left - 14; x < pillar.left; ++x) EXPECT_FALSE(linked(x)) << "wall point " << x;
  for (int x = pillar.right + 16; x < pillar.right + 40; ++x) EXPECT_TRUE(linked(x)) << "wall point " << x;
  for (int x = pillar.left; x < pillar.right; ++x) EXPECT_TRUE(linked(x)) << "pillar point " << x;
}

// Where separations change along a row (the box's side walls), two points can ask for one pixel.
// Each pixel keeps one partner a side, the nearer point's link: no two groups merge, so a period
// of far wall beside a sloping wall still holds P distinct groups, as many as a flat row.
TEST(SymmetricReference, EachPixelKeepsOnePartnerASideAndTheNearerLinkWins) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f));
  const int width = 1280;
  DepthImage depth(width, 1, 1.f);
  for (int x = 0; x < 200; ++x) depth.at(x, 0) = depth.at(width - 1 - x, 0) = static_cast<float>(x) / 200.f;
  const std::vector<SymmetricLink> links = symmetric_links_row(depth.row(0), width, 0, plan);
  std::vector<int> right_of(width, -1), left_of(width, -1);
  int dropped = 0;
  for (const SymmetricLink& link : links) {
    if (!link.kept) {
      ++dropped;
      continue;
    }
    ASSERT_EQ(right_of[link.left], -1) << "pixel " << link.left << " has two right partners";
    ASSERT_EQ(left_of[link.right], -1) << "pixel " << link.right << " has two left partners";
    right_of[link.left] = link.right;
    left_of[link.right] = link.left;
  }
  EXPECT_GT(dropped, 0) << "the ramps should make points compete";
  for (const SymmetricLink& loser : links) {
    if (loser.kept) continue;
    const int rival = right_of[loser.left] >= 0 ? right_of[loser.left] - loser.left
                                                : (left_of[loser.right] >= 0 ? loser.right - left_of[loser.right] : -1);
    if (rival >= 0) EXPECT_LT(rival, loser.right - loser.left) << "a farther link beat point " << loser.point;
  }
  const OffsetImage coordinates = symmetric_coordinates_reference(depth, plan);
  std::set<float> groups(coordinates.pixels.begin() + width / 2 - 42, coordinates.pixels.begin() + width / 2 + 43);
  EXPECT_EQ(groups.size(), 85u) << "groups merged in the middle of the far wall";
  int equal_neighbours = 0;
  for (int x = 1; x < width; ++x) equal_neighbours += coordinates.at(x, 0) == coordinates.at(x - 1, 0);
  EXPECT_LE(equal_neighbours, width / 100) << "doubled dots";
}

// Flat and stepped depth decode to within 1 px of s(z) everywhere a window lies on one depth,
// at whole-pixel and at oversampled separations.
TEST(SymmetricReference, DepthDecodesToTheSeparation) {
  const RgbaImage pattern = make_random_pattern(90, 90, false, 11u);
  for (const int oversample : {1, 4}) {
    SymmetricParams params;
    params.geometry = PhysicalGeometry{72.0, 2.5 * 25.4, 1.0 / 3.0};
    params.oversample = oversample;
    const SymmetricPlan plan = make_symmetric_plan(params);
    const int width = 600, height = 40, step = 300;
    DepthImage depth(width, height, 1.f);
    for (int y = 0; y < height; ++y)
      for (int x = step; x < width; ++x) depth.at(x, y) = 0.37f;
    const RgbaImage picture = testing::compose_nearest(symmetric_coordinates_reference(depth, plan), pattern);
    int decoded = 0;
    for (int y = 4; y < height - 4; y += 3)
      for (int x = 100; x < width - 5; x += 3) {
        // The picture at x repeats with the separation of the point half a period to its left.
        const double far = separation_px(params, 1.0), near = separation_px(params, 0.37);
        const double expected = x - near / 2 >= step + 25 ? near : (x - far / 2 < step - 25 ? far : -1.0);
        if (expected < 0 || x - 100 < expected + 5) continue;
        const int period = testing::decode_period(picture, x, y, 70, 92);
        ASSERT_GE(period, 0) << "no period at " << x << "," << y << " oversample " << oversample;
        EXPECT_LE(std::abs(period - expected), 1.0) << "at " << x << "," << y << " oversample " << oversample;
        ++decoded;
      }
    EXPECT_GT(decoded, 1000);
  }
}

// Any thread count (--cpu-threads), more threads than rows included, gives the reference.
TEST(SymmetricParallel, EqualsTheReference) {
  for (const int oversample : {1, 3}) {
    const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f, oversample));
    const DepthImage depth = testing::random_depth(333, 7, 9u);
    const OffsetImage expected = symmetric_coordinates_reference(depth, plan);
    for (const int threads : {0, 1, 3, 16}) {
      OffsetImage parallel;
      symmetric_coordinates_parallel(depth, plan, threads, parallel);
      EXPECT_EQ(parallel.pixels, expected.pixels) << "oversample " << oversample << ", " << threads << " threads";
    }
  }
}

// Animation must not swim: rows whose depth did not change keep every coordinate.
TEST(SymmetricReference, UnchangedRowsKeepTheirColours) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f));
  DepthImage before = testing::sphere_on_ramp_depth(400, 60);
  DepthImage after = before;
  for (int x = 50; x < 150; ++x) after.at(x, 30) = 0.1f;
  const OffsetImage a = symmetric_coordinates_reference(before, plan);
  const OffsetImage b = symmetric_coordinates_reference(after, plan);
  int changed = 0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) {
      if (y != 30) ASSERT_EQ(a.at(x, y), b.at(x, y)) << x << "," << y;
      changed += a.at(x, y) != b.at(x, y);
    }
  EXPECT_GT(changed, 0);
}

// Coordinates are whole pattern columns, so the compositor never samples between pixels.
TEST(SymmetricReference, CoordinatesAreWholePatternColumns) {
  SymmetricParams params = symmetric_params_from_pixels(85, 30.f, 5);
  params.pattern_columns = 128;
  const SymmetricPlan plan = make_symmetric_plan(params);
  const OffsetImage coordinates = symmetric_coordinates_reference(testing::sphere_on_ramp_depth(257, 31), plan);
  for (const float u : coordinates.pixels) {
    const float column = u * 128.f;
    ASSERT_EQ(column, std::floor(column));
    ASSERT_GE(column, 0.f);
    ASSERT_LT(column, 128.f);
  }
}

}  // namespace
}  // namespace stereocl
