// Both stereogram kernels against the CPU reference, on the OpenCL device the tests pick
// (tests/cl_test_device.hpp): random depth, awkward sizes, very long rows, several (P, M).
#include "compute/stereogram/lookup_kernel.hpp"
#include "cl_test_device.hpp"
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/lookup_cpu.hpp"

#include "random_images.hpp"

#include <gtest/gtest.h>

#include <optional>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>

namespace stereocl {
namespace {

using testing::random_depth;

using testing::ClTestDevice;

constexpr float kTolerance = 1e-4f;

const cl::ImageFormat kFloatFormat(CL_R, CL_FLOAT);

cl::Image2D upload_depth(const ClTestDevice& cl, const DepthImage& depth) {
  return cl::Image2D(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kFloatFormat, depth.width, depth.height, 0,
                     const_cast<float*>(depth.pixels.data()));
}

OffsetImage read_offsets(ClTestDevice& cl, const cl::Image2D& image, int width, int height) {
  OffsetImage offsets(width, height);
  cl.queue.enqueueReadImage(image, CL_TRUE, {0, 0, 0},
                            {static_cast<cl::size_type>(width), static_cast<cl::size_type>(height), 1}, 0, 0,
                            offsets.pixels.data());
  return offsets;
}

// Largest difference over the reference's extent, with how many pixels differ at all.
struct Comparison {
  float max_difference = 0.f;
  std::size_t differing_pixels = 0;
  int worst_x = 0, worst_y = 0;
};

Comparison compare(const OffsetImage& expected, const OffsetImage& actual) {
  Comparison result;
  for (int y = 0; y < expected.height; ++y) {
    for (int x = 0; x < expected.width; ++x) {
      const float difference = std::fabs(expected.at(x, y) - actual.at(x, y));
      if (!(difference == 0.f)) ++result.differing_pixels;
      // NaN compares false, so it must count as the worst difference explicitly.
      if (!(difference <= result.max_difference)) {
        result.max_difference = std::isnan(difference) ? INFINITY : difference;
        result.worst_x = x;
        result.worst_y = y;
      }
    }
  }
  return result;
}

std::string describe(const StereogramParams& params) {
  char text[64];
  std::snprintf(text, sizeof text, "P%d_M%g", params.pattern_width, static_cast<double>(params.max_offset));
  std::string name = text;
  for (char& c : name)
    if (c == '.') c = '_';
  return name;
}

struct Size {
  int width;
  int height;
};

struct KernelCase {
  StereogramKernelKind kind;
  StereogramParams params;
  // The fast kernel's other work-group shapes (tuning sweeps may pick any): lanes rounded to a
  // warp, several rows a group, a short stage.
  std::optional<StereogramKernel::FastShape> shape = std::nullopt;
};

// Readable test names in ctest instead of a byte dump.
void PrintTo(const KernelCase& test, std::ostream* out) {
  *out << stereogram_kernel_kind_name(test.kind) << " " << describe(test.params) << (test.shape ? " shaped" : "");
}

class StereogramKernelMatchesReference : public ::testing::TestWithParam<KernelCase> {};

// One build per kind; every (P, M) and size runs through it.
TEST_P(StereogramKernelMatchesReference, OnRandomDepth) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const auto [kind, params, shape] = GetParam();
  StereogramKernel kernel(cl->programs, kind);
  if (shape) kernel.force_fast_shape(*shape);

  const auto max_image_width = cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
  const auto max_image_height = cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
  const Size sizes[] = {{1, 1}, {17, 3}, {1000, 1}, {1, 1000}, {1921, 1081}, {4096, 2160}, {16384, 2}};
  for (auto [width, height] : sizes) {
    if (static_cast<std::size_t>(width + params.pattern_width) > max_image_width) {
      const int narrower = static_cast<int>(max_image_width) - params.pattern_width;
      std::printf("  %dx%d: offsets %d wide exceed this device's image width limit %zu; running %dx%d instead\n", width,
                  height, width + params.pattern_width, max_image_width, narrower, height);
      width = narrower;
    }
    if (static_cast<std::size_t>(height) > max_image_height) {
      std::printf("  skipped %dx%d: taller than this device's image height limit %zu\n", width, height,
                  max_image_height);
      continue;
    }
    SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
    const int out_width = width + params.pattern_width;
    const DepthImage depth = random_depth(width, height, static_cast<unsigned>(width * 131 + height));
    const OffsetImage expected = stereogram_offsets_reference(depth, params);
    const cl::Image2D depth_image = upload_depth(*cl, depth);
    const cl::Image2D offsets_image(cl->context, CL_MEM_WRITE_ONLY, kFloatFormat, out_width, height);
    kernel.enqueue(cl->queue, depth_image, offsets_image, width, height, params).wait();
    const Comparison comparison = compare(expected, read_offsets(*cl, offsets_image, out_width, height));
    if (comparison.differing_pixels > 0)
      std::printf("  %dx%d: %zu of %zu pixels differ from the reference in the last bits\n", width, height,
                  comparison.differing_pixels, expected.pixels.size());
    EXPECT_LE(comparison.max_difference, kTolerance)
        << "worst at (" << comparison.worst_x << ", " << comparison.worst_y << "): reference "
        << expected.at(comparison.worst_x, comparison.worst_y);
  }
}

INSTANTIATE_TEST_SUITE_P(KindsAndParams, StereogramKernelMatchesReference,
                         ::testing::Values(KernelCase{StereogramKernelKind::classic, {85, 30.f}},
                                           KernelCase{StereogramKernelKind::fast, {85, 30.f}},
                                           KernelCase{StereogramKernelKind::classic, {4, 2.5f}},
                                           KernelCase{StereogramKernelKind::fast, {4, 2.5f}},
                                           KernelCase{StereogramKernelKind::classic, {1024, 1000.f}},
                                           KernelCase{StereogramKernelKind::fast, {1024, 1000.f}},
                                           KernelCase{StereogramKernelKind::fast, {200, 37.3f}},
                                           KernelCase{StereogramKernelKind::fast, {1024, 0.f}},
                                           KernelCase{StereogramKernelKind::fast, {85, 30.f}, {{256, 32, 64, 8, 512}}},
                                           KernelCase{StereogramKernelKind::fast, {200, 37.3f}, {{256, 1, 512, 8, 256}}}),
                         [](const auto& test) {
                           return std::string(stereogram_kernel_kind_name(test.param.kind)) + "_" +
                                  describe(test.param.params) + (test.param.shape ? "_shaped" : "");
                         });

// In the app the depth texture and the offsets image follow the window and may be larger than
// the frame being computed; only the given width x height counts, and events chain the work.
TEST(StereogramKernel, ComputesASubregionAfterTheEventsItWaitsFor) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const StereogramParams params{85, 30.f};
  const DepthImage large_depth = random_depth(300, 20, 5u);
  DepthImage depth(211, 13);
  for (int y = 0; y < depth.height; ++y)
    for (int x = 0; x < depth.width; ++x) depth.at(x, y) = large_depth.at(x, y);
  const OffsetImage expected = stereogram_offsets_reference(depth, params);

  for (const auto kind : {StereogramKernelKind::classic, StereogramKernelKind::fast}) {
    SCOPED_TRACE(std::string(stereogram_kernel_kind_name(kind)));
    StereogramKernel kernel(cl->programs, kind);
    const cl::Image2D depth_image(cl->context, CL_MEM_READ_ONLY, kFloatFormat, large_depth.width, large_depth.height);
    const cl::Image2D offsets_image(cl->context, CL_MEM_WRITE_ONLY, kFloatFormat, 500, 30);
    std::vector<cl::Event> upload(1);
    cl->queue.enqueueWriteImage(
        depth_image, CL_FALSE, {0, 0, 0},
        {static_cast<cl::size_type>(large_depth.width), static_cast<cl::size_type>(large_depth.height), 1}, 0, 0,
        const_cast<float*>(large_depth.pixels.data()), nullptr, &upload[0]);
    kernel.enqueue(cl->queue, depth_image, offsets_image, depth.width, depth.height, params, &upload).wait();
    const OffsetImage actual = read_offsets(*cl, offsets_image, 500, 30);
    OffsetImage region(expected.width, expected.height);
    for (int y = 0; y < region.height; ++y)
      for (int x = 0; x < region.width; ++x) region.at(x, y) = actual.at(x, y);
    EXPECT_LE(compare(expected, region).max_difference, kTolerance);
  }
}

TEST(StereogramKernel, RejectsBadParametersSizesAndImages) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  StereogramKernel kernel(cl->programs, StereogramKernelKind::fast);
  EXPECT_EQ(kernel.kind(), StereogramKernelKind::fast);
  const cl::Image2D depth_image(cl->context, CL_MEM_READ_ONLY, kFloatFormat, 64, 8);
  const cl::Image2D offsets_image(cl->context, CL_MEM_WRITE_ONLY, kFloatFormat, 64 + 85, 8);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 64, 8, {85, 84.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 64, 8, {2, 0.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 0, 8, {85, 30.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 64, 0, {85, 30.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 65, 8, {85, 30.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, depth_image, offsets_image, 64, 9, {85, 30.f}), std::invalid_argument);
  EXPECT_THROW(kernel.enqueue(cl->queue, offsets_image, depth_image, 64, 8, {85, 30.f}), std::invalid_argument);
}

TEST(StereogramKernel, ReportsABrokenBuildWithItsLog) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  cl->programs.break_sources_on_purpose("stereogram.cl");
  try {
    StereogramKernel kernel(cl->programs, StereogramKernelKind::fast);
    FAIL() << "a kernel with a syntax error built";
  } catch (const KernelBuildError& error) {
    EXPECT_EQ(error.file(), "stereogram.cl");
    EXPECT_NE(error.log().find("broken on purpose"), std::string::npos) << error.log();
  }
}

TEST(StereogramKernelKindNames, AreTheOptionValues) {
  EXPECT_EQ(stereogram_kernel_kind_name(StereogramKernelKind::classic), "classic");
  EXPECT_EQ(stereogram_kernel_kind_name(StereogramKernelKind::fast), "fast");
}

}  // namespace
}  // namespace stereocl
