// kernels/sobel.cl against sobel_reference(), bit for bit, at sizes that exercise the vector
// path, the scalar tail and one-pixel-wide images.
#include "cl_test_device.hpp"
#include "compute/effects/sobel_cpu.hpp"
#include "compute/effects/sobel_kernel.hpp"

#include "random_images.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace stereocl {
namespace {

using testing::random_grey;

TEST(SobelReference, HorizontalRampHasOnlyAnXGradient) {
  GreyImage ramp(20, 5);
  for (int y = 0; y < ramp.height; ++y)
    for (int x = 0; x < ramp.width; ++x) ramp.at(x, y) = static_cast<std::uint8_t>(10 * x);
  const SobelResult result = sobel_reference(ramp);
  for (int y = 0; y < ramp.height; ++y) {
    for (int x = 0; x < ramp.width; ++x) {
      // Interior: gx = 4 * (10 * (x+1) - 10 * (x-1)) = 80; at a replicated edge only half that.
      const int gx = (x == 0 || x == ramp.width - 1) ? 40 : 80;
      EXPECT_EQ(result.dx.at(x, y), gx >> 3) << x << "," << y;
      EXPECT_EQ(result.dy.at(x, y), 0) << x << "," << y;
      EXPECT_EQ(result.magnitude.at(x, y), gx >> 3) << x << "," << y;
    }
  }
}

TEST(SobelReference, StrongestEdgesSaturateTheByteRanges) {
  GreyImage step(4, 4, 0);
  for (int y = 2; y < 4; ++y)
    for (int x = 2; x < 4; ++x) step.at(x, y) = 255;
  const SobelResult result = sobel_reference(step);
  // Pixel (1,1) sees 255 only at its bottom-right corner: gx = gy = 255.
  EXPECT_EQ(result.dx.at(1, 1), 255 >> 3);
  EXPECT_EQ(result.dy.at(1, 1), 255 >> 3);
  EXPECT_EQ(result.magnitude.at(1, 1), 510 >> 3);

  GreyImage half(3, 3, 255);
  for (int y = 0; y < 3; ++y) half.at(2, y) = 0;  // gx = -1020 at the centre
  EXPECT_EQ(sobel_reference(half).dx.at(1, 1), -128);
}

class SobelKernelTest : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(SobelKernelTest, MatchesReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const auto [width, height] = GetParam();
  const GreyImage luma = random_grey(width, height, static_cast<unsigned>(width * 7919 + height));
  const SobelResult expected = sobel_reference(luma);

  SobelKernel kernel(cl->programs);
  const std::size_t bytes = luma.size_bytes();
  cl::Buffer in(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<std::uint8_t*>(luma.pixels.data()));
  cl::Buffer dx(cl->context, CL_MEM_WRITE_ONLY, bytes);
  cl::Buffer dy(cl->context, CL_MEM_WRITE_ONLY, bytes);
  cl::Buffer magnitude(cl->context, CL_MEM_WRITE_ONLY, bytes);
  kernel.enqueue(cl->queue, in, dx, dy, magnitude, width, height);

  SobelResult actual{Image<std::int8_t>(width, height), Image<std::int8_t>(width, height), GreyImage(width, height)};
  cl->queue.enqueueReadBuffer(dx, CL_FALSE, 0, bytes, actual.dx.pixels.data());
  cl->queue.enqueueReadBuffer(dy, CL_FALSE, 0, bytes, actual.dy.pixels.data());
  cl->queue.enqueueReadBuffer(magnitude, CL_TRUE, 0, bytes, actual.magnitude.pixels.data());
  EXPECT_TRUE(actual.dx.pixels == expected.dx.pixels);
  EXPECT_TRUE(actual.dy.pixels == expected.dy.pixels);
  EXPECT_TRUE(actual.magnitude.pixels == expected.magnitude.pixels);
}

INSTANTIATE_TEST_SUITE_P(Sizes, SobelKernelTest,
                         ::testing::Values(std::pair{1, 1}, std::pair{17, 3}, std::pair{16, 2}, std::pair{48, 5},
                                           std::pair{1000, 1}, std::pair{1, 1000}, std::pair{1921, 1081},
                                           std::pair{4096, 2160}),
                         [](const auto& test_info) {
                           return std::to_string(test_info.param.first) + "x" + std::to_string(test_info.param.second);
                         });

TEST(SobelKernel, RejectsTooSmallBuffers) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  SobelKernel kernel(cl->programs);
  cl::Buffer small(cl->context, CL_MEM_READ_WRITE, 100);
  EXPECT_THROW(kernel.enqueue(cl->queue, small, small, small, small, 20, 20), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, small, small, small, small, 0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace stereocl
