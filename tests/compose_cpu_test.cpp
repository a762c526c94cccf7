// The CPU compose in both its builds (core/simd_level.hpp) against compose_reference, byte for
// byte: the baseline one everywhere, the AVX2 one where this CPU has it. Coordinates of every
// kind the rounding meets: whole columns as the symmetric engine writes them, anything as the
// lookup writes it, halves exactly on a rounding boundary, negatives and many widths away (the
// wrap), at widths that leave any loop's tail, on one thread and several, from a band's first row.
#include "compute/stereogram/compose_cpu.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>

#include <random>
#include <tuple>
#include <utility>

namespace stereocl {
namespace {

OffsetImage awkward_coordinates(int width, int height, int pattern_width, unsigned seed) {
  OffsetImage offsets(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> column(-40 * pattern_width, 40 * pattern_width);
  std::uniform_int_distribution<int> kind(0, 3);
  std::uniform_real_distribution<float> anything(-50.f, 50.f);
  const float inverse = 1.f / static_cast<float>(pattern_width);
  for (float& value : offsets.pixels) switch (kind(random)) {
      case 0: value = static_cast<float>(column(random)) * inverse; break;               // the symmetric engine's
      case 1: value = anything(random); break;                                           // the lookup's
      case 2: value = (static_cast<float>(column(random)) + 0.5f) * inverse; break;      // on a boundary
      default: value = static_cast<float>(column(random)) / static_cast<float>(pattern_width); break;
    }
  return offsets;
}

TEST(ComposeRows, EveryBuildMakesTheReferencesBytes) {
  for (const auto& [width, height, pattern_width, pattern_height] :
       {std::tuple{1, 1, 1, 1}, std::tuple{7, 3, 5, 2}, std::tuple{33, 5, 90, 7}, std::tuple{1021, 4, 85, 128},
        std::tuple{1923, 3, 4096, 3}}) {
    const RgbaImage pattern = testing::random_rgba(pattern_width, pattern_height, 9u);
    const OffsetImage offsets = awkward_coordinates(width, height, pattern_width, static_cast<unsigned>(width));
    for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear}) {
      const RgbaImage expected = compose_reference(offsets, pattern, sampling);
      for (const SimdLevel simd : {SimdLevel::baseline, SimdLevel::avx2})
        for (const auto& [threads, first_row] : {std::pair{1, 0}, std::pair{3, 5}}) {
          RgbaImage picture;
          compose_rows(offsets, pattern, sampling, first_row, threads, picture, simd);
          RgbaImage shifted;  // the reference from the same pattern row as the band
          if (first_row == 0) {
            shifted = expected;
          } else {
            RgbaImage rolled(pattern.width, pattern.height);
            for (int y = 0; y < pattern.height; ++y)
              for (int x = 0; x < pattern.width; ++x) rolled.at(x, y) = pattern.at(x, (y + first_row) % pattern.height);
            shifted = compose_reference(offsets, rolled, sampling);
          }
          EXPECT_TRUE(picture.pixels == shifted.pixels)
              << width << "x" << height << ", pattern " << pattern_width << ", "
              << (sampling == PatternSampling::linear ? "linear" : "whole pixels") << ", "
              << (usable_simd_level(simd) == SimdLevel::avx2 ? "AVX2" : "baseline") << " build, " << threads
              << " threads from row " << first_row;
        }
    }
  }
}

}  // namespace
}  // namespace stereocl
