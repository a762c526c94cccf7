#include "core/pattern.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

namespace stereocl {
namespace {

// Mean absolute difference between horizontally adjacent pixels, across the seam (last column
// next to the first, which is where a repeated pattern meets itself) and inside the pattern.
struct Steps {
  double seam = 0, inside = 0;
};

Steps horizontal_steps(const RgbaImage& pattern) {
  Steps steps;
  const auto difference = [](Rgba8 a, Rgba8 b) { return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b); };
  for (int y = 0; y < pattern.height; ++y) {
    steps.seam += difference(pattern.at(pattern.width - 1, y), pattern.at(0, y));
    for (int x = 0; x + 1 < pattern.width; ++x) steps.inside += difference(pattern.at(x, y), pattern.at(x + 1, y));
  }
  steps.seam /= pattern.height;
  steps.inside /= static_cast<double>(pattern.height) * (pattern.width - 1);
  return steps;
}

TEST(Pattern, RandomDotsTileSeamlessly) {
  for (bool colour : {false, true}) {
    const RgbaImage pattern = make_random_pattern(85, generated_pattern_height(85), colour, 42);
    const Steps steps = horizontal_steps(pattern);
    EXPECT_NEAR(steps.seam, steps.inside, 0.15 * steps.inside) << (colour ? "colour" : "grey");
  }
}

TEST(Pattern, TheSeamMeasureCatchesAPatternThatDoesNotTile) {
  RgbaImage ramp(64, 64);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) ramp.at(x, y) = Rgba8{static_cast<std::uint8_t>(x * 4), 0, 0, 255};
  const Steps steps = horizontal_steps(ramp);
  EXPECT_GT(steps.seam, 10 * steps.inside);
}

// --dot-size: every NxN block from the top-left corner is one colour (cut at the edges), and
// neighbouring blocks differ often enough that they are dots, not a smear.
TEST(Pattern, DotsAreConstantBlocksOfTheirSize) {
  for (const int size : {1, 2, 3, 16}) {
    for (const bool colour : {false, true}) {
      const RgbaImage pattern = make_random_pattern(85, 67, colour, 9u, size);
      int block_changes = 0, blocks = 0;
      for (int y = 0; y < pattern.height; ++y)
        for (int x = 0; x < pattern.width; ++x) {
          ASSERT_EQ(pattern.at(x, y), pattern.at(x - x % size, y - y % size)) << "size " << size << " at " << x << "," << y;
          if (x % size == 0 && y % size == 0 && x >= size) {
            ++blocks;
            block_changes += !(pattern.at(x, y) == pattern.at(x - size, y));
          }
        }
      EXPECT_GT(block_changes, blocks * 9 / 10) << "size " << size;
    }
  }
  EXPECT_EQ(make_random_pattern(85, 67, false, 9u, 1).pixels, make_random_pattern(85, 67, false, 9u).pixels);
}

TEST(Pattern, SameSeedSamePatternAndGreyIsGrey) {
  const RgbaImage a = make_random_pattern(40, 64, false, 5), b = make_random_pattern(40, 64, false, 5);
  const RgbaImage c = make_random_pattern(40, 64, false, 6);
  EXPECT_EQ(a.pixels, b.pixels);
  EXPECT_NE(a.pixels, c.pixels);
  for (const Rgba8& p : a.pixels) ASSERT_TRUE(p.r == p.g && p.g == p.b && p.a == 255);
  EXPECT_EQ(a.width, 40);
  EXPECT_EQ(generated_pattern_height(40), 64);
  EXPECT_EQ(generated_pattern_height(200), 200);
}

}  // namespace
}  // namespace stereocl
