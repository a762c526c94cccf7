// kernels/compose.cl against compute/stereogram/compose_cpu.hpp on random inputs of awkward sizes,
// and both against what GL's compositor (shaders/stereogram.frag.glsl) draws from the same
// offsets: GPU mode's one-acquire frame composes in CL instead of GL and must show the same picture.
#include "cl_test_device.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "compute/stereogram/compose_cpu.hpp"
#include "compute/stereogram/compose_kernel.hpp"
#include "hidden_window.hpp"
#include "random_images.hpp"
#include "render/pixel_transfer.hpp"
#include "render/stereogram_compositor.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

namespace stereocl {
namespace {

const cl::ImageFormat kRgba8(CL_RGBA, CL_UNORM_INT8);
const cl::ImageFormat kFloat(CL_R, CL_FLOAT);

// Coordinates as the two algorithms make them: whole columns / P (symmetric; a little float
// error, never near a rounding boundary) or anything (lookup), both over several pattern widths
// either side of zero, so the wrap is exercised.
OffsetImage random_offsets(int width, int height, int pattern_width, PatternSampling sampling, unsigned seed) {
  OffsetImage offsets(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> column(-3 * pattern_width, 3 * pattern_width);
  std::uniform_real_distribution<float> jitter(-0.3f, 0.3f);
  for (float& value : offsets.pixels) {
    const float error = sampling == PatternSampling::whole_pixels ? jitter(random) * 1e-3f : jitter(random);
    value = (static_cast<float>(column(random)) + error) / static_cast<float>(pattern_width);
  }
  return offsets;
}

// The largest difference of any colour channel; alpha must be 255 in both.
int largest_difference(const RgbaImage& a, const RgbaImage& b) {
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  int largest = 0;
  for (std::size_t i = 0; i < a.pixels.size() && i < b.pixels.size(); ++i) {
    const Rgba8 p = a.pixels[i], q = b.pixels[i];
    EXPECT_EQ(p.a, 255);
    EXPECT_EQ(q.a, 255);
    for (const int d : {p.r - q.r, p.g - q.g, p.b - q.b}) largest = std::max(largest, std::abs(d));
    if (largest > 1) return largest;  // one report is enough
  }
  return largest;
}

RgbaImage compose_on_device(ClEnvironment& cl, const OffsetImage& offsets, const RgbaImage& pattern,
                            PatternSampling sampling) {
  ComposeKernel kernel(cl.programs);
  const int width = offsets.width, height = offsets.height;
  cl::Image2D in(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kFloat, width, height, 0,
                 const_cast<float*>(offsets.pixels.data()));
  cl::Image2D tile(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kRgba8, pattern.width, pattern.height, 0,
                   const_cast<Rgba8*>(pattern.pixels.data()));
  cl::Image2D out(cl.context, CL_MEM_WRITE_ONLY, kRgba8, width, height);
  kernel.enqueue(cl.queue, in, tile, out, width, height, sampling);
  RgbaImage picture(width, height, Rgba8{1, 2, 3, 4});
  cl.queue.enqueueReadImage(out, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, picture.pixels.data());
  return picture;
}

TEST(ComposeReference, WholePixelsPickTheColumnTheCoordinateNamesWrappingBothWays) {
  RgbaImage pattern(4, 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) pattern.at(x, y) = Rgba8{static_cast<std::uint8_t>(10 * x), static_cast<std::uint8_t>(y), 0, 7};
  OffsetImage offsets(3, 3);
  offsets.at(0, 0) = 1.0f / 4;   // column 1
  offsets.at(1, 0) = -1.0f / 4;  // column 3, wrapped from the left
  offsets.at(2, 2) = 9.0f / 4;   // column 1, row 2 is pattern row 0
  const RgbaImage picture = compose_reference(offsets, pattern, PatternSampling::whole_pixels);
  EXPECT_EQ(picture.at(0, 0), (Rgba8{10, 0, 0, 255}));
  EXPECT_EQ(picture.at(1, 0), (Rgba8{30, 0, 0, 255}));
  EXPECT_EQ(picture.at(2, 2), (Rgba8{10, 0, 0, 255}));
  EXPECT_EQ(picture.at(0, 1), (Rgba8{0, 1, 0, 255}));
}

TEST(ComposeReference, LinearBlendsTheTwoColumnsAroundTheCoordinate) {
  RgbaImage pattern(4, 1);
  for (int x = 0; x < 4; ++x) pattern.at(x, 0) = Rgba8{static_cast<std::uint8_t>(100 * (x % 2)), 0, 0, 255};
  OffsetImage offsets(3, 1);
  offsets.at(0, 0) = 1.0f / 4;     // on column 1: 100
  offsets.at(1, 0) = 1.25f / 4;    // a quarter of the way to column 2: 75
  offsets.at(2, 0) = -0.5f / 4;    // between column 3 and column 0, wrapped: 50
  const RgbaImage picture = compose_reference(offsets, pattern, PatternSampling::linear);
  EXPECT_EQ(picture.at(0, 0).r, 100);
  EXPECT_EQ(picture.at(1, 0).r, 75);
  EXPECT_EQ(picture.at(2, 0).r, 50);
}

struct ComposeCase {
  int width, height, pattern_width, pattern_height;
};

class ComposeKernelTest : public ::testing::TestWithParam<ComposeCase> {};

TEST_P(ComposeKernelTest, MatchesTheReferenceExactlyForWholePixelsAndWithinOneLevelForLinear) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const ComposeCase c = GetParam();
  const RgbaImage pattern = testing::random_rgba(c.pattern_width, c.pattern_height, 5);
  for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear}) {
    const OffsetImage offsets = random_offsets(c.width, c.height, c.pattern_width, sampling, 11);
    const RgbaImage expected = compose_reference(offsets, pattern, sampling);
    const RgbaImage actual = compose_on_device(*cl, offsets, pattern, sampling);
    if (sampling == PatternSampling::whole_pixels) EXPECT_TRUE(actual.pixels == expected.pixels);
    else EXPECT_LE(largest_difference(actual, expected), 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, ComposeKernelTest,
                         ::testing::Values(ComposeCase{1, 1, 1, 1}, ComposeCase{17, 3, 5, 7},
                                           ComposeCase{1921, 1081, 85, 128}, ComposeCase{300, 200, 140, 140}),
                         [](const auto& info) {
                           return std::to_string(info.param.width) + "x" + std::to_string(info.param.height) + "_P" +
                                  std::to_string(info.param.pattern_width);
                         });

// The CL compose stands in for GL's in GPU mode's one-acquire frame, so it is held to the shader's
// picture itself (here Mesa's; on the H100 NVIDIA's, where the end-to-end tests compare the modes).
TEST(ComposeKernelAgainstGl, DrawsWhatTheGlCompositorDrawsFromTheSameOffsets) {
  std::string why_not;
  auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << "no GL context: " << why_not;
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const int depth_width = 301, height = 97, pattern_width = 85;
  const RgbaImage pattern = testing::random_rgba(pattern_width, 128, 3);
  StereogramCompositor compositor;
  compositor.resize(depth_width, height, pattern_width);
  compositor.set_pattern(pattern);
  for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear}) {
    const OffsetImage offsets = random_offsets(compositor.output_width(), height, pattern_width, sampling, 23);
    upload_texture(compositor.offsets_texture().get(), offsets);
    compositor.compose(sampling);
    const RgbaImage drawn = read_rgba(compositor.output().framebuffer, GL_COLOR_ATTACHMENT0, compositor.output_width(), height);
    const RgbaImage computed = compose_on_device(*cl, offsets, pattern, sampling);
    if (sampling == PatternSampling::whole_pixels) EXPECT_TRUE(computed.pixels == drawn.pixels);
    else EXPECT_LE(largest_difference(computed, drawn), 1);
  }
}

}  // namespace
}  // namespace stereocl
