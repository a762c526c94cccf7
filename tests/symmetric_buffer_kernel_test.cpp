// The symmetric stereogram kernel built for buffers (GPU (external memory) mode) against the CPU
// reference and the image kernel, to the bit: random and stepped depth, awkward sizes, both ways
// of holding a row, pixel-level and physical parameters. Ordinary OpenCL buffers stand in for
// imported memory, so this runs on any device (PoCL here).
#include "cl_test_device.hpp"
#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_engines.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "compute/stereogram/symmetric_kernel_slot.hpp"
#include "depth_scenes.hpp"
#include "random_images.hpp"
#include "symmetric_runs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stereocl {
namespace {

using testing::flowing;
using testing::hashed;
using testing::physical_symmetric_params;
using testing::same_bits;

struct BufferCase {
  const char* name;
  SymmetricParams params;
  SymmetricRowMemory row_memory;
  // A frame of many rows: 1921x1081 for the default parameters, 1921x97 for the others (costly on
  // a CPU device at high oversampling, so not for all of them).
  bool many_rows;
};

// One pixel, one separation plus one (the first pair that can link) either way, odd small, wide.
void expect_buffers_equal_reference_and_images(testing::ClTestDevice& cl, const BufferCase& test) {
  SymmetricStereogramKernel on_buffers(cl.programs, test.params, test.row_memory, StereogramStorage::buffers);
  SymmetricStereogramKernel on_images(cl.programs, test.params, test.row_memory, StereogramStorage::images);
  const int far = static_cast<int>(std::lround(far_separation_px(test.params)));
  std::vector<std::pair<int, int>> sizes = {{1, 1}, {far + 1, 1}, {1, far + 1}, {17, 3}, {2 * far + 3, 5}, {4099, 2}};
  if (test.many_rows) sizes.emplace_back(1921, std::string_view(test.name) == "P85_M30" ? 1081 : 97);
  for (const auto& [width, height] : sizes) {
    const auto seed = static_cast<unsigned>(width * 13 + height);
    for (const DepthImage& depth :
         {testing::random_depth(width, height, seed), testing::stepped_depth(width, height, seed)}) {
      SCOPED_TRACE(std::string(test.name) + " " + std::to_string(width) + "x" + std::to_string(height));
      const OffsetImage actual = testing::symmetric_on_buffers(cl, on_buffers, depth);
      ASSERT_TRUE(same_bits(symmetric_coordinates_reference(depth, on_buffers.plan()), actual)) << "against the reference";
      ASSERT_TRUE(same_bits(testing::symmetric_on_images(cl, on_images, depth), actual)) << "against the image kernel";
    }
  }
}

TEST(SymmetricBufferKernel, EqualsTheReferenceAndTheImageKernelBitForBit) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const BufferCase cases[] = {
      {"P85_M30", symmetric_params_from_pixels(85, 30.f, 1), SymmetricRowMemory::automatic, true},
      {"P85_M30_global", symmetric_params_from_pixels(85, 30.f, 1), SymmetricRowMemory::global, true},
      {"P4_M2", symmetric_params_from_pixels(4, 2.f, 1), SymmetricRowMemory::automatic, false},
      {"P200_M150_x2", symmetric_params_from_pixels(200, 150.f, 2), SymmetricRowMemory::automatic, false},
      {"physical_96dpi_x3_global", physical_symmetric_params(96.0, 3, 100), SymmetricRowMemory::global, false},
      {"P85_M30_flowing", flowing(symmetric_params_from_pixels(85, 30.f, 1)), SymmetricRowMemory::automatic, true},
      {"P90_M30_x2_hashed_dots3", hashed(symmetric_params_from_pixels(90, 30.f, 2), 3), SymmetricRowMemory::automatic,
       true},
      {"physical_96dpi_x3_flowing_global", flowing(physical_symmetric_params(96.0, 3, 100)), SymmetricRowMemory::global,
       false}};
  for (const BufferCase& test : cases) expect_buffers_equal_reference_and_images(*cl, test);
}

TEST(SymmetricBufferKernelCalls, RefuseBuffersTooSmallSizesBelowOnePixelAndImages) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  SymmetricStereogramKernel kernel(cl->programs, symmetric_params_from_pixels(85, 30.f, 1),
                                   SymmetricRowMemory::automatic, StereogramStorage::buffers);
  const cl::Buffer small(cl->context, CL_MEM_READ_WRITE, 10 * 10 * sizeof(float));
  const cl::Buffer large(cl->context, CL_MEM_READ_WRITE, 11 * 10 * sizeof(float));
  try {
    kernel.enqueue(cl->queue, small, large, 11, 10);
    FAIL() << "a depth buffer of 100 floats took 11x10";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "depth buffer of 100 floats is too small: 11x10 needs 110");
  }
  EXPECT_THROW(kernel.enqueue(cl->queue, large, small, 11, 10), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, large, large, 0, 10), std::invalid_argument);
  EXPECT_NO_THROW(kernel.enqueue(cl->queue, small, large, 10, 10).wait());
  const cl::Image2D image(cl->context, CL_MEM_READ_WRITE, cl::ImageFormat(CL_R, CL_FLOAT), 10, 10);
  EXPECT_THROW(kernel.enqueue(cl->queue, image, image, 10, 10), std::invalid_argument);
  SymmetricStereogramKernel on_images(cl->programs, symmetric_params_from_pixels(85, 30.f, 1));
  EXPECT_THROW(on_images.enqueue(cl->queue, large, large, 10, 10), std::invalid_argument);
}

// GPU (external memory) mode's slot: the first call builds, P, M and the physical units build
// nothing, and the kernel it hands out takes buffers and follows them.
TEST(SymmetricBufferKernelCalls, TheSlotBuildsOnceWhateverPAndM) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  SymmetricKernelSlot slot(cl->programs, StereogramStorage::buffers);
  StereogramParams params{.algorithm = StereogramAlgorithm::symmetric};
  EXPECT_EQ(slot.for_params(params).storage(), StereogramStorage::buffers);
  const std::size_t after_first = cl->programs.builds();
  for (const auto [p, m] : {std::pair{100, 40.f}, std::pair{60, 20.f}, std::pair{85, 30.f}}) {
    params.pattern_width = p;
    params.max_offset = m;
    EXPECT_EQ(slot.for_params(params).plan().pattern_columns, p);
  }
  params.units = PhysicalGeometry{96.0, 63.5, 1.0 / 3.0};
  const SymmetricStereogramKernel& physical = slot.for_params(params);
  EXPECT_EQ(physical.plan().separations, make_symmetric_plan(symmetric_params_of(params)).separations);
  EXPECT_EQ(cl->programs.builds(), after_first);
}

// GPU (external memory) mode asks its engine to prepare before each frame: parameters the kernel
// cannot take are a failure naming the rule, with nothing built, and good ones build once.
TEST(SymmetricBufferKernelCalls, PrepareRefusesWhatTheKernelCannotTakeAndBuildsNothing) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  SymmetricCl engine(cl->programs, StereogramStorage::buffers);
  const std::size_t before = cl->programs.builds();
  StereogramParams params{.algorithm = StereogramAlgorithm::symmetric};
  params.oversample = 0;
  const Status refused = engine.prepare(params);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "symmetric stereogram: oversample 0: must be 1.." + std::to_string(kMaxOversample));
  EXPECT_EQ(cl->programs.builds(), before);
  params.oversample = 1;
  EXPECT_TRUE(engine.prepare(params).ok());
  EXPECT_GT(cl->programs.builds(), before);
}

}  // namespace
}  // namespace stereocl
