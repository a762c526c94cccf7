// pipeline/frame_chain on plain device images: the chain GPU mode runs behind one hand-over (and
// CPU-readback with one round trip), held stage by stage to the CPU references applied to what the
// device made at the stage before -- offsets within the stereogram kernel's tolerance, the picture
// exactly (whole texels) or within one level (bilinear), the effect and the histogram exactly,
// including the histogram taken from Sobel's magnitudes instead of a luma pass.
#include "cl_test_device.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/stereogram/compose_cpu.hpp"
#include "compute/stereogram/lookup_cpu.hpp"
#include "pipeline/backends/frame_chain.hpp"
#include "random_images.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

namespace stereocl {
namespace {

const cl::ImageFormat kRgba8(CL_RGBA, CL_UNORM_INT8);
const cl::ImageFormat kFloat(CL_R, CL_FLOAT);
constexpr float kOffsetTolerance = 1e-4f;  // the lookup kernel's own test allows the same

template <class Pixel>
Image<Pixel> read_image(ClEnvironment& cl, const cl::Image& image, int width, int height) {
  Image<Pixel> pixels(width, height);
  cl.queue.enqueueReadImage(image, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, pixels.pixels.data());
  return pixels;
}

int largest_colour_difference(const RgbaImage& a, const RgbaImage& b) {
  int largest = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    for (const int d : {a.pixels[i].r - b.pixels[i].r, a.pixels[i].g - b.pixels[i].g, a.pixels[i].b - b.pixels[i].b})
      largest = std::max(largest, std::abs(d));
  return largest;
}

struct ChainCase {
  int width, height, pattern_width;
  float max_offset;
};

class FrameChainTest : public ::testing::TestWithParam<ChainCase> {};

// The device images of the chain: depth and pattern filled from the host, the rest for it to write.
struct ChainImages {
  cl::Image2D depth, pattern, offsets, picture, shown;
};

ChainImages chain_images(const cl::Context& context, const DepthImage& depth, const RgbaImage& pattern, int width) {
  const int height = depth.height;
  return {cl::Image2D(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kFloat, depth.width, height, 0,
                      const_cast<float*>(depth.pixels.data())),
          cl::Image2D(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kRgba8, pattern.width, pattern.height, 0,
                      const_cast<Rgba8*>(pattern.pixels.data())),
          cl::Image2D(context, CL_MEM_READ_WRITE, kFloat, width, height),
          cl::Image2D(context, CL_MEM_READ_WRITE, kRgba8, width, height),
          cl::Image2D(context, CL_MEM_READ_WRITE, kRgba8, width, height)};
}

void check_stages(ClEnvironment& cl, const ChainImages& images, const FrameSteps& steps, const DepthImage& depth,
                  const RgbaImage& pattern, const Histogram256& histogram) {
  const int width = steps.picture_width(), height = steps.height;
  const OffsetImage device_offsets = read_image<float>(cl, images.offsets, width, height);
  const OffsetImage expected_offsets = stereogram_offsets_reference(depth, steps.params);
  for (std::size_t i = 0; i < device_offsets.pixels.size(); ++i)
    ASSERT_NEAR(device_offsets.pixels[i], expected_offsets.pixels[i], kOffsetTolerance) << "pixel " << i;
  const RgbaImage device_picture = read_image<Rgba8>(cl, images.picture, width, height);
  const RgbaImage expected_picture = compose_reference(device_offsets, pattern, steps.sampling);
  EXPECT_LE(largest_colour_difference(device_picture, expected_picture),
            steps.sampling == PatternSampling::linear ? 1 : 0);
  RgbaImage device_shown = device_picture;
  if (const EffectRow* effect = steps.effect.effect) {
    device_shown = read_image<Rgba8>(cl, images.shown, width, height);
    EXPECT_TRUE(device_shown.pixels == effect->cpu(device_picture, steps.effect, 1).pixels);
  }
  const GreyImage luma = luma_from_rgba(device_shown);
  EXPECT_EQ(histogram, histogram_reference(luma.pixels.data(), luma.pixels.size()));
}

TEST_P(FrameChainTest, EachStageIsItsReferenceOnThePreviousStagesResult) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const ChainCase c = GetParam();
  ClKernels kernels(cl->programs, StereogramKernelKind::fast);
  const StereogramParams params{c.pattern_width, c.max_offset, StereogramAlgorithm::lookup};  // its reference
  const DepthImage depth = testing::random_depth(c.width, c.height, 7);
  const RgbaImage pattern = testing::random_rgba(c.pattern_width, 33, 9);
  const int width = c.width + stereogram_strip_width(params), height = c.height;
  const ChainImages images = chain_images(cl->context, depth, pattern, width);
  std::vector<const EffectRow*> effects = {nullptr};
  for (const EffectRow& row : effect_table()) effects.push_back(&row);
  for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear})
    for (const EffectRow* effect : effects) {
      SCOPED_TRACE(std::string(effect_name(effect)) + (sampling == PatternSampling::linear ? ", linear" : ", whole"));
      const EffectSettings settings{effect};
      const FrameSteps steps{c.width, height, params, sampling, settings, true};
      const FrameImages frame{images.depth, images.offsets, images.pattern, images.picture,
                              effect ? &images.shown : nullptr};
      const Result<StagedEvents> events = enqueue_frame_chain(kernels, cl->queue, steps, frame, {});
      ASSERT_TRUE(events) << events.error();
      const Histogram256 histogram = kernels.effects().read_histogram(cl->queue);
      check_stages(*cl, images, steps, depth, pattern, histogram);
      if (HasFatalFailure()) return;
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FrameChainTest,
                         ::testing::Values(ChainCase{1, 1, 4, 1.f}, ChainCase{17, 3, 8, 3.f},
                                           ChainCase{301, 97, 85, 30.f}),
                         [](const auto& info) {
                           return std::to_string(info.param.width) + "x" + std::to_string(info.param.height);
                         });

}  // namespace
}  // namespace stereocl
