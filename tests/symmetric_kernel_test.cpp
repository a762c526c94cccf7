// The symmetric stereogram kernel against the CPU reference, bit for bit, on the OpenCL device
// the tests pick (tests/cl_test_device.hpp): awkward sizes, noise and steep steps, both ways of
// holding a row (local memory, global scratch), pixel-level and physical parameters, oversampling.
#include "compute/stereogram/symmetric_kernel.hpp"
#include "cl_test_device.hpp"
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/symmetric_cpu.hpp"
#include "depth_scenes.hpp"
#include "random_images.hpp"
#include "symmetric_runs.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ClTestDevice;
using testing::flowing;
using testing::hashed;
using testing::physical_symmetric_params;
using testing::same_bits;
using testing::symmetric_on_images;

const cl::ImageFormat kFloatFormat(CL_R, CL_FLOAT);

struct KernelCase {
  const char* name;
  SymmetricParams params;
  SymmetricRowMemory row_memory;
};

void PrintTo(const KernelCase& test, std::ostream* out) { *out << test.name; }

class SymmetricKernelMatchesReference : public ::testing::TestWithParam<KernelCase> {};

TEST_P(SymmetricKernelMatchesReference, BitForBit) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const KernelCase& test = GetParam();
  ProgramBuilder builder(cl->context, cl->device);
  SymmetricStereogramKernel kernel(builder, test.params, test.row_memory);
  const int far = static_cast<int>(std::lround(far_separation_px(test.params)));
  // Long rows cost the PoCL CPU device most at high oversampling; a frame of many rows runs where
  // a row stays affordable: a whole 1080p one for the default parameters, 97 rows (rows of dots
  // and the hashed colours' row index) for the others, which is what the suite's time allows.
  const bool big_frame = test.params.oversample <= 2;
  struct Size {
    int width, height;
  };
  std::vector<Size> sizes = {{1, 1}, {far + 1, 1}, {17, 3}, {2 * far + 3, 5}, {1921, 2}, {8192, 2}};
  if (big_frame) sizes.push_back({1921, std::string_view(test.name) == "P85_M30" ? 1081 : 97});
  for (const auto [width, height] : sizes) {
    SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
    const auto seed = static_cast<unsigned>(width * 31 + height);
    for (const DepthImage& depth :
         {testing::random_depth(width, height, seed), testing::stepped_depth(width, height, seed),
          testing::sphere_on_ramp_depth(width, height)}) {
      if (test.row_memory == SymmetricRowMemory::local && !kernel.runs_in_local_memory(width)) continue;
      OffsetImage actual;
      try {
        actual = symmetric_on_images(*cl, kernel, depth);
      } catch (const LoopBudgetExceeded& refusal) {
        // llvmpipe only (8192 x8 here): refused, not wrong. A launch that ran out of loop
        // iterations without the refusal would differ from the reference below.
        std::printf("%dx%d: %s\n", width, height, refusal.what());
        continue;
      }
      ASSERT_TRUE(same_bits(symmetric_coordinates_reference(depth, kernel.plan()), actual));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    ParamsAndRowMemory, SymmetricKernelMatchesReference,
    ::testing::Values(
        KernelCase{"P85_M30", symmetric_params_from_pixels(85, 30.f, 1), SymmetricRowMemory::automatic},
        KernelCase{"P85_M30_global", symmetric_params_from_pixels(85, 30.f, 1), SymmetricRowMemory::global},
        KernelCase{"P4_M2_global", symmetric_params_from_pixels(4, 2.f, 1), SymmetricRowMemory::global},
        KernelCase{"P200_M150", symmetric_params_from_pixels(200, 150.f, 1), SymmetricRowMemory::automatic},
        KernelCase{"physical_72dpi_x2", physical_symmetric_params(72.0, 2, 128), SymmetricRowMemory::automatic},
        KernelCase{"physical_72dpi_x8_global", physical_symmetric_params(72.0, 8, 128), SymmetricRowMemory::global},
        KernelCase{"P85_M30_x3", symmetric_params_from_pixels(85, 30.f, 3), SymmetricRowMemory::automatic},
        KernelCase{"P85_M30_local", symmetric_params_from_pixels(85, 30.f, 1), SymmetricRowMemory::local},
        KernelCase{"P85_M30_hashed", hashed(symmetric_params_from_pixels(85, 30.f, 1)), SymmetricRowMemory::automatic},
        KernelCase{"P90_M30_x2_hashed_dots3_global", hashed(symmetric_params_from_pixels(90, 30.f, 2), 3),
                   SymmetricRowMemory::global},
        KernelCase{"P85_M30_flowing", flowing(symmetric_params_from_pixels(85, 30.f, 1)), SymmetricRowMemory::automatic},
        KernelCase{"P4_M2_flowing_global", flowing(symmetric_params_from_pixels(4, 2.f, 1)), SymmetricRowMemory::global},
        KernelCase{"physical_72dpi_x2_flowing", flowing(physical_symmetric_params(72.0, 2, 128)),
                   SymmetricRowMemory::automatic}),
    [](const auto& test) { return std::string(test.param.name); });

// The row's work-items may number anything: links land, roots jump and flags are cleared in
// other orders, and the bits must not change.
TEST(SymmetricKernel, AnyWorkGroupSizeGivesTheReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ProgramBuilder builder(cl->context, cl->device);
  SymmetricStereogramKernel kernel(builder, symmetric_params_from_pixels(85, 30.f, 1));
  for (const GroupColour colour : {GroupColour::hashed, GroupColour::anchored, GroupColour::flowing}) {
    SymmetricParams params = symmetric_params_from_pixels(85, 30.f, 1);
    params.group_colour = colour;
    kernel.use(params);
    for (const DepthImage& depth : {testing::random_depth(701, 3, 5u), testing::sphere_on_ramp_depth(701, 3)}) {
      const OffsetImage expected = symmetric_coordinates_reference(depth, kernel.plan());
      for (const std::size_t lanes : {1, 7, 32, 192}) {
        kernel.force_group_size(lanes);
        EXPECT_TRUE(same_bits(expected, symmetric_on_images(*cl, kernel, depth))) << lanes << " work-items";
      }
    }
  }
}

// Depth outside [0, 1] and NaN clamp the same way on both sides instead of indexing out.
TEST(SymmetricKernel, ClampsBadDepthLikeTheReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ProgramBuilder builder(cl->context, cl->device);
  SymmetricStereogramKernel kernel(builder, symmetric_params_from_pixels(85, 30.f, 1));
  DepthImage depth = testing::random_depth(300, 4, 2u);
  for (int x = 0; x < 300; x += 7) depth.at(x, 1) = NAN;
  for (int x = 0; x < 300; x += 5) depth.at(x, 2) = (x % 2) ? -3.f : 7.f;
  depth.at(5, 3) = INFINITY;
  EXPECT_TRUE(same_bits(symmetric_coordinates_reference(depth, kernel.plan()), symmetric_on_images(*cl, kernel, depth)));
}

TEST(SymmetricKernel, RejectsBadParametersAndSizes) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ProgramBuilder builder(cl->context, cl->device);
  EXPECT_THROW(SymmetricStereogramKernel(builder, symmetric_params_from_pixels(85, 84.f, 1)), std::invalid_argument);
  EXPECT_THROW(SymmetricStereogramKernel(builder, symmetric_params_from_pixels(85, 30.f, 0)), std::invalid_argument);
  SymmetricStereogramKernel kernel(builder, symmetric_params_from_pixels(85, 30.f, 1));
  const cl::Image2D small(cl->context, CL_MEM_READ_WRITE, kFloatFormat, 64, 8);
  const cl::Image2D large(cl->context, CL_MEM_READ_WRITE, kFloatFormat, 128, 16);
  EXPECT_THROW(kernel.enqueue(cl->queue, large, large, 0, 8), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, small, large, 65, 8), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, large, small, 64, 9), std::invalid_argument);
  EXPECT_NO_THROW(kernel.enqueue(cl->queue, small, large, 64, 8).wait());
}

TEST(SymmetricKernel, ReportsABrokenBuildWithItsLog) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  ProgramBuilder builder(cl->context, cl->device);
  builder.break_sources_on_purpose("all");
  try {
    SymmetricStereogramKernel kernel(builder, symmetric_params_from_pixels(85, 30.f, 1));
    FAIL() << "a kernel with a syntax error built";
  } catch (const KernelBuildError& error) {
    EXPECT_EQ(error.file(), "stereogram_symmetric.cl");
  }
}

}  // namespace
}  // namespace stereocl
