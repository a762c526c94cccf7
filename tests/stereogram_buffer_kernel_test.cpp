// The stereogram kernels built for buffers (GPU (external memory) mode) against the CPU reference,
// to the bit: random depth, awkward sizes, several (P, M). Ordinary OpenCL buffers stand in for
// imported memory, so this runs on any device (PoCL here).
#include "cl_test_device.hpp"
#include "compute/stereogram/lookup_cpu.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace stereocl {
namespace {

// The offsets the buffer kernel computes for a random depth map of width x height.
OffsetImage offsets_from_buffers(testing::ClTestDevice& cl, StereogramKernel& kernel, const DepthImage& depth,
                                 const StereogramParams& params) {
  cl::Buffer depth_buffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, depth.pixels.size() * sizeof(float),
                          const_cast<float*>(depth.pixels.data()));
  OffsetImage offsets(depth.width + params.pattern_width, depth.height);
  cl::Buffer offsets_buffer(cl.context, CL_MEM_WRITE_ONLY, offsets.pixels.size() * sizeof(float));
  kernel.enqueue(cl.queue, depth_buffer, offsets_buffer, depth.width, depth.height, params).wait();
  cl.queue.enqueueReadBuffer(offsets_buffer, CL_TRUE, 0, offsets.pixels.size() * sizeof(float), offsets.pixels.data());
  return offsets;
}

TEST(StereogramBufferKernel, MatchesTheReferenceBitForBit) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const std::pair<StereogramKernelKind, StereogramParams> cases[] = {
      {StereogramKernelKind::fast, {85, 30.f}},   {StereogramKernelKind::classic, {85, 30.f}},
      {StereogramKernelKind::fast, {4, 2.5f}},    {StereogramKernelKind::fast, {1024, 1000.f}},
      {StereogramKernelKind::fast, {200, 37.3f}}};
  for (const auto& [kind, params] : cases) {
    StereogramKernel kernel(cl->programs, kind, StereogramStorage::buffers);
    for (auto [width, height] : {std::pair{1, 1}, {17, 3}, {1000, 1}, {1, 1000}, {1921, 1081}, {16384, 2}}) {
      SCOPED_TRACE(std::string(stereogram_kernel_kind_name(kind)) + " P" + std::to_string(params.pattern_width) +
                   " M" + std::to_string(params.max_offset) + " " + std::to_string(width) + "x" + std::to_string(height));
      const DepthImage depth = testing::random_depth(width, height, static_cast<unsigned>(width * 7 + height));
      const OffsetImage expected = stereogram_offsets_reference(depth, params);
      const OffsetImage actual = offsets_from_buffers(*cl, kernel, depth, params);
      std::size_t differing = 0;
      for (std::size_t i = 0; i < expected.pixels.size(); ++i)
        differing += std::memcmp(&expected.pixels[i], &actual.pixels[i], sizeof(float)) != 0;
      EXPECT_EQ(differing, 0u) << "of " << expected.pixels.size() << " offsets";
    }
  }
}

TEST(StereogramBufferKernel, RefusesBuffersTooSmallAndTheOtherStorage) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  StereogramKernel kernel(cl->programs, StereogramKernelKind::fast, StereogramStorage::buffers);
  const StereogramParams params{85, 30.f};
  cl::Buffer depth(cl->context, CL_MEM_READ_WRITE, 10 * 10 * sizeof(float));
  cl::Buffer offsets(cl->context, CL_MEM_READ_WRITE, (10 + 85) * 10 * sizeof(float));
  EXPECT_THROW(kernel.enqueue(cl->queue, depth, offsets, 11, 10, params), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth, offsets, 10, 10, StereogramParams{86, 30.f}), std::invalid_argument);
  EXPECT_NO_THROW(kernel.enqueue(cl->queue, depth, offsets, 10, 10, params).wait());
  const cl::Image2D image(cl->context, CL_MEM_READ_WRITE, cl::ImageFormat(CL_R, CL_FLOAT), 100, 10);
  EXPECT_THROW(kernel.enqueue(cl->queue, image, image, 10, 10, params), std::invalid_argument);
}

}  // namespace
}  // namespace stereocl
