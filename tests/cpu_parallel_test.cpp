// CPU mode's effects on every core (OpenMP) against the single-threaded references, bit for bit,
// at awkward sizes: fewer rows than threads, odd widths, one pixel, and a 1080p-and-one frame.
// Thread counts that do not divide the rows make the static split uneven on purpose.
#include "pipeline/plan/effects.hpp"
#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/effects/sobel_cpu.hpp"
#include "core/thread_count.hpp"

#include "random_images.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>

namespace stereocl {
namespace {

using testing::random_grey;
using testing::random_rgba;

struct SizeCase {
  int width;
  int height;
};
constexpr SizeCase kSizes[] = {{1, 1}, {17, 3}, {3, 17}, {64, 1}, {1, 64}, {1921, 1081}};
constexpr int kThreadCounts[] = {2, 3, 7};

std::string where(SizeCase size, int threads) {
  return std::to_string(size.width) + "x" + std::to_string(size.height) + ", " + std::to_string(threads) + " threads";
}

// Issue 58: --cpu-threads 1024 under a memory limit ended in libgomp's "Thread creation failed".
TEST(CpuParallel, AThreadCountIsNeverMoreThanTheMachineHas) {
  const int hardware = hardware_thread_count();
  EXPECT_EQ(resolve_thread_count(0), hardware);
  EXPECT_EQ(resolve_thread_count(1024), hardware);
  EXPECT_EQ(resolve_thread_count(hardware + 1), hardware);
  EXPECT_EQ(resolve_thread_count(1), 1);
}

TEST(CpuParallel, SobelMatchesTheReference) {
  for (SizeCase size : kSizes) {
    const GreyImage luma = random_grey(size.width, size.height, 11u + static_cast<unsigned>(size.width));
    const SobelResult expected = sobel_reference(luma);
    for (int threads : kThreadCounts) {
      const SobelResult got = sobel_reference(luma, threads);
      EXPECT_EQ(got.dx.pixels, expected.dx.pixels) << where(size, threads);
      EXPECT_EQ(got.dy.pixels, expected.dy.pixels) << where(size, threads);
      EXPECT_EQ(got.magnitude.pixels, expected.magnitude.pixels) << where(size, threads);
    }
  }
}

TEST(CpuParallel, BlurMatchesTheReferenceForBothBordersAndImageKinds) {
  for (SizeCase size : kSizes) {
    const RgbaImage rgba = random_rgba(size.width, size.height, 21u + static_cast<unsigned>(size.height));
    const GreyImage grey = random_grey(size.width, size.height, 31u + static_cast<unsigned>(size.height));
    for (auto [radius, border] : {std::tuple{1, BlurBorder::zero}, std::tuple{5, BlurBorder::clamp},
                                  std::tuple{32, BlurBorder::zero}}) {
      const RgbaImage expected_rgba = blur_reference(rgba, radius, border);
      const GreyImage expected_grey = blur_reference(grey, radius, border);
      for (int threads : kThreadCounts) {
        EXPECT_EQ(blur_reference(rgba, radius, border, threads).pixels, expected_rgba.pixels)
            << where(size, threads) << ", radius " << radius;
        EXPECT_EQ(blur_reference(grey, radius, border, threads).pixels, expected_grey.pixels)
            << where(size, threads) << ", radius " << radius;
      }
    }
  }
}

TEST(CpuParallel, LumaAndHistogramMatchTheReference) {
  for (SizeCase size : kSizes) {
    const RgbaImage rgba = random_rgba(size.width, size.height, 41u + static_cast<unsigned>(size.width));
    const GreyImage expected_luma = luma_from_rgba(rgba);
    const Histogram256 expected_bins = histogram_reference(expected_luma.pixels.data(), expected_luma.pixels.size());
    for (int threads : kThreadCounts) {
      EXPECT_EQ(luma_from_rgba(rgba, threads).pixels, expected_luma.pixels) << where(size, threads);
      EXPECT_EQ(histogram_reference(expected_luma.pixels.data(), expected_luma.pixels.size(), threads), expected_bins)
          << where(size, threads);
    }
  }
}

TEST(CpuParallel, HistogramOfAnEmptyBufferIsAllZero) {
  EXPECT_EQ(histogram_reference(nullptr, 0, 4), Histogram256{});
}

TEST(CpuParallel, CpuModeEffectsMatchTheReference) {
  const RgbaImage image = random_rgba(1921, 1081, 51u);
  for (const EffectRow& effect : effect_table()) {
    const EffectSettings settings{&effect, {{"blur_radius", 7}, {"blur_border", 1}}};
    EXPECT_EQ(effect.cpu(image, settings, 5).pixels, effect.cpu(image, settings, 1).pixels) << effect.name;
  }
}

}  // namespace
}  // namespace stereocl
