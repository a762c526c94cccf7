// Emboss, added through the effect table alone: its CPU reference on known pictures, and its
// kernel against the reference on random images of awkward sizes, through the table's row.
#include "cl_test_device.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "compute/effects/emboss.hpp"
#include "pipeline/plan/effects.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

const EffectRow& emboss_row() {
  const EffectRow* row = find_effect("emboss");
  if (!row) throw std::runtime_error("no emboss row in the effect table");
  return *row;
}

TEST(Emboss, AFlatPictureIsMidGreyAndAnEdgeLitFromTheTopLeftIsBright) {
  const RgbaImage flat(9, 5, Rgba8{200, 10, 60, 255});
  for (const Rgba8& p : emboss_reference(flat).pixels) EXPECT_EQ(p, (Rgba8{128, 128, 128, 255}));

  RgbaImage step(8, 4, Rgba8{0, 0, 0, 255});  // black left half, white right half
  for (int y = 0; y < step.height; ++y)
    for (int x = 4; x < step.width; ++x) step.at(x, y) = Rgba8{255, 255, 255, 255};
  const RgbaImage relief = emboss_reference(step);
  EXPECT_EQ(relief.at(3, 1).r, 255);  // the dark side of a rising edge: 128 + 3 * 255, clamped
  EXPECT_EQ(relief.at(4, 1).r, 255);
  EXPECT_EQ(relief.at(0, 1).r, 128);
  EXPECT_EQ(relief.at(7, 1).r, 128);
}

TEST(Emboss, TheTableRowRunsTheReferenceOnTheCpuAndItsKeyIsM) {
  const RgbaImage image = testing::random_rgba(31, 7, 3u);
  EXPECT_EQ(emboss_row().cpu(image, EffectSettings{&emboss_row()}, 1).pixels, emboss_reference(image).pixels);
  EXPECT_EQ(emboss_row().key, 'M');
}

TEST(Emboss, DeviceMatchesReferenceOnRandomImagesOfAwkwardSizes) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ClEffects effects(cl->programs);
  const cl::ImageFormat rgba8(CL_RGBA, CL_UNORM_INT8);
  struct Size {
    int width, height;
  };
  for (const Size size : {Size{1, 1}, Size{17, 3}, Size{2, 300}, Size{1921, 1081}}) {
    SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
    RgbaImage image = testing::random_rgba(size.width, size.height, static_cast<unsigned>(size.width + size.height));
    cl::Image2D in(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rgba8, size.width, size.height, 0,
                   image.pixels.data());
    cl::Image2D out(cl->context, CL_MEM_WRITE_ONLY, rgba8, size.width, size.height);
    const std::vector<cl::Event> none;
    const EffectSettings settings{&emboss_row()};
    cl::WaitForEvents(emboss_row().device(effects, DeviceEffectCall{cl->queue, in, out, size.width, size.height, none},
                                          settings));
    RgbaImage actual(size.width, size.height);
    cl->queue.enqueueReadImage(out, CL_TRUE, {0, 0, 0}, image_region(size.width, size.height), 0, 0,
                               actual.pixels.data());
    EXPECT_TRUE(actual.pixels == emboss_reference(image).pixels);
  }
}

}  // namespace
}  // namespace stereocl
