// kernels/luma.cl against compute/effects/luma_cpu.hpp, bit for bit, through CL_RGBA / CL_UNORM_INT8
// images (the format GL shares RGBA8 textures as).
#include "cl_test_device.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/effects/luma_kernel.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace stereocl {
namespace {

TEST(LumaReference, GreyLevelsMapToThemselvesAndPrimariesToTheirWeights) {
  for (int l = 0; l < 256; ++l) {
    const auto v = static_cast<std::uint8_t>(l);
    EXPECT_EQ(luma_of(Rgba8{v, v, v, 0}), l);
  }
  EXPECT_EQ(luma_of(Rgba8{255, 0, 0, 255}), 77);
  EXPECT_EQ(luma_of(Rgba8{0, 255, 0, 255}), 149);
  EXPECT_EQ(luma_of(Rgba8{0, 0, 255, 255}), 29);
}

TEST(LumaReference, GreyRoundTripsThroughOpaqueRgba) {
  GreyImage grey(3, 2);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i) grey.pixels[i] = static_cast<std::uint8_t>(50 * i);
  const RgbaImage rgba = rgba_from_grey(grey);
  EXPECT_EQ(rgba.at(2, 1), (Rgba8{250, 250, 250, 255}));
  EXPECT_TRUE(luma_from_rgba(rgba).pixels == grey.pixels);
}

class LumaKernelTest : public ::testing::TestWithParam<std::pair<int, int>> {};

const cl::ImageFormat rgba8_format(CL_RGBA, CL_UNORM_INT8);

TEST_P(LumaKernelTest, LumaFromRgbaMatchesReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const auto [width, height] = GetParam();
  RgbaImage rgba(width, height);
  std::mt19937 random(static_cast<unsigned>(width * 31 + height));
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& p : rgba.pixels)
    p = Rgba8{static_cast<std::uint8_t>(byte(random)), static_cast<std::uint8_t>(byte(random)),
              static_cast<std::uint8_t>(byte(random)), static_cast<std::uint8_t>(byte(random))};

  LumaKernel kernel(cl->programs);
  cl::Image2D image(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, rgba8_format, width, height, 0,
                    rgba.pixels.data());
  cl::Buffer luma(cl->context, CL_MEM_WRITE_ONLY, static_cast<std::size_t>(width) * height);
  kernel.luma_from_rgba(cl->queue, image, luma, width, height);
  GreyImage actual(width, height);
  cl->queue.enqueueReadBuffer(luma, CL_TRUE, 0, actual.size_bytes(), actual.pixels.data());
  EXPECT_TRUE(actual.pixels == luma_from_rgba(rgba).pixels);
}

TEST_P(LumaKernelTest, RgbaFromLumaMatchesReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const auto [width, height] = GetParam();
  GreyImage grey(width, height);
  std::mt19937 random(static_cast<unsigned>(width * 131 + height));
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& p : grey.pixels) p = static_cast<std::uint8_t>(byte(random));

  LumaKernel kernel(cl->programs);
  cl::Buffer luma(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, grey.size_bytes(), grey.pixels.data());
  cl::Image2D image(cl->context, CL_MEM_WRITE_ONLY, rgba8_format, width, height);
  kernel.rgba_from_luma(cl->queue, luma, image, width, height);
  RgbaImage actual(width, height, Rgba8{1, 2, 3, 4});
  cl->queue.enqueueReadImage(image, CL_TRUE, {0, 0, 0}, {static_cast<std::size_t>(width), static_cast<std::size_t>(height), 1},
                             0, 0, actual.pixels.data());
  EXPECT_TRUE(actual.pixels == rgba_from_grey(grey).pixels);
}

INSTANTIATE_TEST_SUITE_P(Sizes, LumaKernelTest,
                         ::testing::Values(std::pair{1, 1}, std::pair{17, 3}, std::pair{1000, 1}, std::pair{1, 1000},
                                           std::pair{1921, 1081}, std::pair{4096, 2160}),
                         [](const auto& test_info) {
                           return std::to_string(test_info.param.first) + "x" + std::to_string(test_info.param.second);
                         });

}  // namespace
}  // namespace stereocl
