// kernels/compose.cl against compute/stereogram/compose_cpu.hpp on random inputs of awkward sizes,
// and both against what GL's compositor (shaders/stereogram_colour.glsl, drawn by a compute or a
// fragment pass) draws from the same offsets: GPU mode's one-acquire frame composes in CL instead
// of GL and must show the same picture; so must either GL pass.
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

TEST_P(ComposeKernelTest, MatchesTheReferenceExactlyForWholePixelsAndLinear) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const ComposeCase c = GetParam();
  const RgbaImage pattern = testing::random_rgba(c.pattern_width, c.pattern_height, 5);
  for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear}) {
    const OffsetImage offsets = random_offsets(c.width, c.height, c.pattern_width, sampling, 11);
    const RgbaImage expected = compose_reference(offsets, pattern, sampling);
    const RgbaImage actual = compose_on_device(*cl, offsets, pattern, sampling);
    EXPECT_EQ(largest_difference(actual, expected), 0) << (sampling == PatternSampling::linear ? "linear" : "whole");
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
// picture itself (here Mesa's; on a GPU machine its driver's, where the end-to-end tests compare
// the modes).
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
    EXPECT_EQ(largest_difference(computed, drawn), 0) << (sampling == PatternSampling::linear ? "linear" : "whole");
  }
}

// The offsets in an R32F buffer texture as well, as GPU (external memory) mode hands them over.
struct OffsetsInBuffer {
  gl::Buffer buffer;
  gl::Texture texture;  // declared second, so it goes before the buffer it views
};

OffsetsInBuffer offsets_in_buffer(const OffsetImage& offsets) {
  gl::Buffer buffer = gl::make_buffer();
  glBindBuffer(GL_TEXTURE_BUFFER, buffer.get());
  glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(offsets.pixels.size() * sizeof(float)), offsets.pixels.data(),
               GL_STATIC_DRAW);
  gl::Texture buffer_texture = gl::make_texture();
  glBindTexture(GL_TEXTURE_BUFFER, buffer_texture.get());
  glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buffer.get());
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  return {std::move(buffer), std::move(buffer_texture)};
}

RgbaImage draw(StereogramCompositor& compositor, PatternSampling sampling, GLuint from_buffer, int width, int height) {
  // Alpha 0, which no composed pixel has: a pass that wrote nothing cannot pass for the last one.
  glBindFramebuffer(GL_FRAMEBUFFER, compositor.output().framebuffer);
  const float cleared[] = {1.f, 0.f, 1.f, 0.f};
  glClearBufferfv(GL_COLOR, 0, cleared);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  compositor.compose(sampling, from_buffer, width);
  return read_rgba(compositor.output().framebuffer, GL_COLOR_ATTACHMENT0, width, height);
}

// Whole texels and the bilinear blend alike, exactly: the shader blends in the reference's integers.
void expect_composed(const RgbaImage& drawn, const RgbaImage& expected, PatternSampling sampling) {
  EXPECT_EQ(largest_difference(drawn, expected), 0) << (sampling == PatternSampling::linear ? "linear" : "whole");
}

// GL's two passes draw one picture: the compute pass (the default where GL has 4.3) against the
// fragment pass and the CPU reference, at sizes that leave partial work-groups, from a texture and
// from a buffer texture (GPU (external memory) mode's offsets).
class ComposePasses : public ::testing::TestWithParam<ComposeCase> {};

TEST_P(ComposePasses, ComputeDrawsWhatFragmentDraws) {
  std::string why_not;
  auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << "no GL context: " << why_not;
  if (!StereogramCompositor::compute_available()) GTEST_SKIP() << "this GL context has no compute shaders";
  const ComposeCase c = GetParam();
  const RgbaImage pattern = testing::random_rgba(c.pattern_width, c.pattern_height, 5);
  StereogramCompositor compositor;
  compositor.resize(c.width, c.height, 0);
  compositor.set_pattern(pattern);
  const int width = compositor.output_width();
  for (const PatternSampling sampling : {PatternSampling::whole_pixels, PatternSampling::linear}) {
    const OffsetImage offsets = random_offsets(width, c.height, c.pattern_width, sampling, 41);
    upload_texture(compositor.offsets_texture().get(), offsets);
    const OffsetsInBuffer buffer = offsets_in_buffer(offsets);
    const RgbaImage expected = compose_reference(offsets, pattern, sampling);
    std::vector<RgbaImage> drawn;
    for (const ComposePass pass : {ComposePass::fragment, ComposePass::compute}) {
      compositor.set_pass(pass);
      ASSERT_EQ(compositor.pass(), pass);
      for (const GLuint from_buffer : {0u, buffer.texture.get()}) {
        drawn.push_back(draw(compositor, sampling, from_buffer, width, c.height));
        expect_composed(drawn.back(), expected, sampling);
      }
    }
    for (const RgbaImage& picture : drawn)
      EXPECT_TRUE(picture.pixels == drawn.front().pixels) << "the passes differ, sampling " << static_cast<int>(sampling);
  }
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, ComposePasses,
                         ::testing::Values(ComposeCase{1, 1, 7, 3}, ComposeCase{33, 9, 5, 4}, ComposeCase{301, 97, 85, 128},
                                           ComposeCase{641, 359, 140, 140}),
                         [](const auto& info) {
                           return std::to_string(info.param.width) + "x" + std::to_string(info.param.height) + "_P" +
                                  std::to_string(info.param.pattern_width);
                         });

}  // namespace
}  // namespace stereocl
