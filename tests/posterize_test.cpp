// Posterize, added through the effect table alone, with its one parameter: the CPU reference on
// known values, the parameter from the command line through the row, and the kernel against the
// reference on random images of awkward sizes at the smallest, an odd and the largest level count.
#include "compute/effects/posterize.hpp"
#include "cl_test_device.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "config/options.hpp"
#include "pipeline/plan/effects.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>

#include <set>

namespace stereocl {
namespace {

const EffectRow& posterize_row() {
  const EffectRow* row = find_effect("posterize");
  if (!row) throw std::runtime_error("no posterize row in the effect table");
  return *row;
}

TEST(Posterize, TwoLevelsThresholdAtHalfAndFourLevelsKeepThirds) {
  EXPECT_EQ(posterized(0, 2), 0);
  EXPECT_EQ(posterized(127, 2), 0);
  EXPECT_EQ(posterized(128, 2), 255);
  EXPECT_EQ(posterized(255, 2), 255);
  EXPECT_EQ(posterized(40, 4), 0);
  EXPECT_EQ(posterized(50, 4), 85);
  EXPECT_EQ(posterized(200, 4), 170);
  EXPECT_EQ(posterized(255, 16), 255);
}

TEST(Posterize, EveryLevelCountKeepsExactlyThatManyValuesAndIsIdempotent) {
  for (int levels = min_posterize_levels; levels <= max_posterize_levels; ++levels) {
    std::set<int> kept;
    for (int v = 0; v < 256; ++v) {
      const std::uint8_t p = posterized(static_cast<std::uint8_t>(v), levels);
      kept.insert(p);
      EXPECT_EQ(posterized(p, levels), p) << v << " at " << levels;
      EXPECT_LE(std::abs(p - v), 128 / (levels - 1) + 1) << v << " at " << levels;
    }
    EXPECT_EQ(kept.size(), static_cast<std::size_t>(levels));
  }
}

TEST(Posterize, TheLevelsComeFromTheCommandLineThroughTheRowAndTheKeyIsO) {
  const auto parsed = parse_command_line({"--effect", "posterize", "--posterize-levels", "3"});
  ASSERT_TRUE(parsed.ok());
  const Options& options = parsed.value();
  EXPECT_EQ(options.look.effect.effect, &posterize_row());
  const RgbaImage image = testing::random_rgba(33, 9, 5u);
  EXPECT_EQ(posterize_row().cpu(image, EffectSettings{options.look.effect.effect, options.look.effect.values}, 1).pixels,
            posterize_reference(image, 3).pixels);
  EXPECT_EQ(posterize_row().key, 'O');
  const auto refused = parse_command_line({"--posterize-levels", "17"});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.failure().message.find("--posterize-levels"), std::string::npos);
}

TEST(Posterize, DeviceMatchesReferenceOnRandomImagesOfAwkwardSizes) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ClEffects effects(cl->programs);
  const cl::ImageFormat rgba8(CL_RGBA, CL_UNORM_INT8);
  struct Size {
    int width, height;
  };
  for (const Size size : {Size{1, 1}, Size{17, 3}, Size{2, 300}, Size{1921, 1081}})
    for (const int levels : {min_posterize_levels, 7, max_posterize_levels}) {
      SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height) + ", " + std::to_string(levels));
      RgbaImage image = testing::random_rgba(size.width, size.height, static_cast<unsigned>(size.width + levels));
      cl::Image2D in(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rgba8, size.width, size.height, 0,
                     image.pixels.data());
      cl::Image2D out(cl->context, CL_MEM_WRITE_ONLY, rgba8, size.width, size.height);
      const std::vector<cl::Event> none;
      const EffectSettings settings{&posterize_row(), {{"posterize_levels", levels}}};
      cl::WaitForEvents(posterize_row().device(
          effects, DeviceEffectCall{cl->queue, in, out, size.width, size.height, none}, settings));
      RgbaImage actual(size.width, size.height);
      cl->queue.enqueueReadImage(out, CL_TRUE, {0, 0, 0}, image_region(size.width, size.height), 0, 0,
                                 actual.pixels.data());
      EXPECT_TRUE(actual.pixels == posterize_reference(image, levels).pixels);
    }
}

}  // namespace
}  // namespace stereocl
