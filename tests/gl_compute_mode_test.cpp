// GL compute mode: the symmetric stereogram as a GL compute shader (render/symmetric_compute_pass),
// against the CPU reference bit for bit on random and stepped depth at awkward sizes, both ways of
// holding a row (shared memory, scratch buffer), hashed, anchored and flowing colours, oversampling and
// physical units; the mode's back-end (its plans, its refusals, its GL timing); and the mode's
// screenshot against CPU mode's, pixel for pixel.
#include "compute/stereogram/symmetric_cpu.hpp"
#include "depth_scenes.hpp"
#include "hidden_window.hpp"
#include "pipeline/backends/cpu_backend.hpp"
#include "pipeline/backends/gl_compute_backend.hpp"
#include "random_images.hpp"
#include "render/colour_target.hpp"
#include "render/gl_stage_timer.hpp"
#include "render/pixel_transfer.hpp"
#include "render/scene_target.hpp"
#include "render/symmetric_compute_pass.hpp"
#include "run_program.hpp"
#include "same_bits.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::same_bits;
using testing::scratch_file;

// A current GL 4.3 context for the shader and back-end tests, or why there is none.
class ShaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL window: " << why_not;
    if (!SymmetricComputePass::available()) GTEST_SKIP() << "this GL context has no compute shaders";
  }
  std::unique_ptr<Window> window_;
};

// The shader's coordinates of `depth` into `coordinates` (rows as they are: the algorithm is row by
// row), whatever the run says.
Status run_shader(SymmetricComputePass& pass, const DepthImage& depth, OffsetImage& coordinates) {
  const gl::Texture in = gl::make_texture_2d(GL_R32F, depth.width, depth.height, GL_RED, GL_FLOAT);
  upload_texture(in.get(), depth);
  const gl::Texture out = gl::make_texture_2d(GL_R32F, depth.width, depth.height, GL_RED, GL_FLOAT);
  const Status ran = pass.run(in.get(), out.get(), depth.width, depth.height);
  coordinates = OffsetImage(depth.width, depth.height, -7.f);
  glBindTexture(GL_TEXTURE_2D, out.get());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, coordinates.pixels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return ran;
}

OffsetImage on_shader(SymmetricComputePass& pass, const DepthImage& depth) {
  OffsetImage coordinates;
  const Status ran = run_shader(pass, depth, coordinates);
  EXPECT_TRUE(ran) << ran.error();
  return coordinates;
}

SymmetricParams with_colours(SymmetricParams params, GroupColour colours, int dot_size = 1) {
  params.group_colour = colours;
  params.dot_size = dot_size;
  return params;
}

SymmetricParams physical(double dpi, int oversample, int pattern_columns) {
  SymmetricParams params;
  params.geometry = PhysicalGeometry{dpi, 63.5, 1.0 / 3.0};
  params.oversample = oversample;
  params.pattern_columns = pattern_columns;
  return params;
}

struct ShaderCase {
  const char* name;
  SymmetricParams params;
  ShaderRowMemory rows;
};

void PrintTo(const ShaderCase& test, std::ostream* out) { *out << test.name; }

class ShaderMatchesReference : public ShaderTest, public ::testing::WithParamInterface<ShaderCase> {};

TEST_P(ShaderMatchesReference, BitForBit) {
  const ShaderCase& test = GetParam();
  const SymmetricPlan plan = make_symmetric_plan(test.params);
  SymmetricComputePass pass(test.rows);
  pass.use(shader_plan_of(plan));
  struct Size {
    int width, height;
  };
  for (const auto [width, height] : {Size{1, 1}, Size{7, 3}, Size{257, 61}, Size{1000, 3}}) {
    SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
    const auto seed = static_cast<unsigned>(width * 31 + height);
    for (const DepthImage& depth :
         {testing::random_depth(width, height, seed), testing::stepped_depth(width, height, seed)})
      ASSERT_TRUE(same_bits(symmetric_coordinates_reference(depth, plan), on_shader(pass, depth)));
  }
}

INSTANTIATE_TEST_SUITE_P(
    ParamsAndRowMemory, ShaderMatchesReference,
    ::testing::Values(
        ShaderCase{"P85_M30", symmetric_params_from_pixels(85, 30.f, 1), ShaderRowMemory::automatic},
        ShaderCase{"P85_M30_scratch", symmetric_params_from_pixels(85, 30.f, 1), ShaderRowMemory::scratch},
        ShaderCase{"P85_M30_flowing", with_colours(symmetric_params_from_pixels(85, 30.f, 1), GroupColour::flowing),
                   ShaderRowMemory::automatic},
        ShaderCase{"P85_M30_flowing_scratch",
                   with_colours(symmetric_params_from_pixels(85, 30.f, 1), GroupColour::flowing),
                   ShaderRowMemory::scratch},
        ShaderCase{"P4_M2", symmetric_params_from_pixels(4, 2.f, 1), ShaderRowMemory::automatic},
        ShaderCase{"P85_M30_hashed", with_colours(symmetric_params_from_pixels(85, 30.f, 1), GroupColour::hashed),
                   ShaderRowMemory::automatic},
        ShaderCase{"P90_M30_x2_hashed_dots3_scratch",
                   with_colours(symmetric_params_from_pixels(90, 30.f, 2), GroupColour::hashed, 3),
                   ShaderRowMemory::scratch},
        ShaderCase{"P200_M150_x3_flowing",
                   with_colours(symmetric_params_from_pixels(200, 150.f, 3), GroupColour::flowing),
                   ShaderRowMemory::automatic},
        ShaderCase{"physical_72dpi_x2", physical(72.0, 2, 128), ShaderRowMemory::automatic}),
    [](const auto& test) { return std::string(test.param.name); });

// Depth outside [0, 1] clamps the same way on both sides instead of indexing out.
TEST_F(ShaderTest, ClampsDepthOutsideTheRangeLikeTheReference) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f, 1));
  SymmetricComputePass pass;
  pass.use(shader_plan_of(plan));
  DepthImage depth = testing::random_depth(300, 3, 2u);
  for (int x = 0; x < 300; x += 5) depth.at(x, 1) = (x % 2) ? -3.f : 7.f;
  depth.at(5, 2) = INFINITY;
  depth.at(9, 2) = -INFINITY;
  EXPECT_TRUE(same_bits(symmetric_coordinates_reference(depth, plan), on_shader(pass, depth)));
}

// P and M change the table only; the picture follows them, and a new oversampling builds anew.
TEST_F(ShaderTest, NewParametersGiveTheirOwnPicture) {
  SymmetricComputePass pass;
  const DepthImage depth = testing::sphere_on_ramp_depth(301, 17);
  for (const SymmetricParams& params :
       {symmetric_params_from_pixels(85, 30.f, 1), symmetric_params_from_pixels(60, 20.f, 1),
        symmetric_params_from_pixels(60, 20.f, 2),
        with_colours(symmetric_params_from_pixels(60, 20.f, 2), GroupColour::flowing)}) {
    const SymmetricPlan plan = make_symmetric_plan(params);
    pass.use(shader_plan_of(plan));
    EXPECT_TRUE(same_bits(symmetric_coordinates_reference(depth, plan), on_shader(pass, depth)));
  }
}

// Mesa's llvmpipe ends a work-group's loops early once they have run 65535 times, silently: there
// the pass refuses a picture that would be wrong (P 1024 at 8x oversampling makes rays long enough
// to spend the budget in a row 8192 wide). Anywhere else it is the reference's.
TEST_F(ShaderTest, LoopsCutShortAreRefusedNotShown) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(1024, 1000.f, 8));
  SymmetricComputePass pass;
  pass.use(shader_plan_of(plan));
  const DepthImage depth = testing::sphere_on_ramp_depth(8192, 2);
  OffsetImage coordinates;
  const Status ran = run_shader(pass, depth, coordinates);
  const OffsetImage expected = symmetric_coordinates_reference(depth, plan);
  if (ran) {
    EXPECT_TRUE(same_bits(expected, coordinates));
    return;
  }
  const std::string renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  EXPECT_NE(renderer.find("llvmpipe"), std::string::npos) << renderer << ": " << ran.error();
  EXPECT_NE(ran.error().find("rows 8192 wide at oversample 8 would be wrong"), std::string::npos) << ran.error();
  EXPECT_FALSE(same_bits(expected, coordinates)) << "refused a picture that was right";
  // The flag is cleared: a row within the budget runs again.
  const DepthImage narrow = testing::sphere_on_ramp_depth(64, 2);
  EXPECT_TRUE(same_bits(symmetric_coordinates_reference(narrow, plan), on_shader(pass, narrow)));
}

TEST_F(ShaderTest, RefusesARunBeforeAPlanAndSizesBelowOnePixel) {
  SymmetricComputePass pass;
  EXPECT_THROW((void)pass.run(0, 0, 4, 4), std::invalid_argument);
  EXPECT_THROW(pass.use(SymmetricShaderPlan{}), std::invalid_argument);
  pass.use(shader_plan_of(make_symmetric_plan(symmetric_params_from_pixels(85, 30.f, 1))));
  EXPECT_THROW((void)pass.run(0, 0, 0, 4), std::invalid_argument);
  EXPECT_THROW((void)pass.run(0, 0, 4, 0), std::invalid_argument);
}

// What a span of the mode's back-end reads and writes, on a 16 x 8 scene.
struct BackendFixture {
  SceneTarget scene{16, 8, false};
  gl::Texture offsets = gl::make_texture_2d(GL_R32F, 16, 8, GL_RED, GL_FLOAT);
  gl::Texture pattern = gl::make_texture_2d(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE);
  ColourTarget picture{16, 8};
  EffectSettings no_effect;
  GlStageTimer timer;
  StageTimings timings{0};

  SpanIo io(const StereogramParams& params) {
    return {scene,
            params,
            PatternSampling::whole_pixels,
            offsets,
            pattern,
            picture.texture(),
            picture.display(),
            no_effect,
            nullptr,
            SyncStrategy::finish,
            nullptr,
            {},
            &timer};
  }
};

// Each pass in a span of its own, whatever the request: nothing is handed over or pipelined.
TEST_F(ShaderTest, TheBackEndPlansEachPassOnItsOwn) {
  GlComputeBackend backend(std::make_unique<CpuBackend>(1));
  BackendFixture gl;
  for (const bool one_handover : {true, false})
    for (const bool effect : {true, false}) {
      const FrameRequest request{.effect = effect, .histogram = true, .one_handover = one_handover, .pipelining = true};
      const FramePlan plan = backend.plan(request, gl.scene, StereogramParams{});
      EXPECT_EQ(plan, step_by_step_plan(request)) << describe(plan);
      EXPECT_FALSE(pipelines(plan) || has_chain(plan) || plan.shared_buffers) << describe(plan);
    }
}

// The stereogram in GL, timed by GL's timer as the stereogram stage; what it cannot run refused
// with the reason; the histogram on the back-end it was given.
TEST_F(ShaderTest, TheBackEndRunsTheStereogramInGlAndHandsTheRestOn) {
  GlComputeBackend backend(std::make_unique<CpuBackend>(1));
  BackendFixture gl;
  const std::array stereogram{Pass::stereogram};
  StereogramParams params;
  params.algorithm = StereogramAlgorithm::lookup;
  EXPECT_EQ(backend.run(stereogram, gl.io(params), gl.timings).error(),
            "GL compute mode runs the symmetric algorithm only, not lookup");
  params.algorithm = StereogramAlgorithm::symmetric;
  params.max_offset = 83.5f;  // the lookup takes it; the symmetric algorithm's nearest separation is 1.5 px
  EXPECT_EQ(backend.run(stereogram, gl.io(params), gl.timings).error(),
            "symmetric stereogram: the nearest separation 1.5 px must be at least 2 px (raise --dpi or lower "
            "--depth-of-field)");
  params.max_offset = 30.f;
  ASSERT_TRUE(backend.run(stereogram, gl.io(params), gl.timings));
  glFinish();
  std::vector<int> timed;
  gl.timer.collect([&](int stage, double) { timed.push_back(stage); });
  EXPECT_EQ(timed, std::vector<int>{static_cast<int>(Stage::stereogram)});
  const Result<std::optional<Histogram256>> counted =
      backend.run(std::array{Pass::histogram}, gl.io(params), gl.timings);
  ASSERT_TRUE(counted && *counted);
  long long pixels = 0;
  for (const auto bin : **counted) pixels += static_cast<long long>(bin);
  EXPECT_EQ(pixels, 16 * 8);
}

// The mode as a user runs it: its screenshot against CPU mode's symmetric one, whatever
// --algorithm says; empty where GL compute mode cannot run here, with the reason in `why_not`.
RgbaImage screenshot(const std::string& mode, const std::string& name, std::vector<std::string> arguments,
                     std::string* why_not = nullptr) {
  const std::string out = scratch_file("gl-compute-" + name + "-" + mode + ".png");
  arguments.insert(arguments.end(), {"--hidden", "--mode", mode, "--screenshot", out});
  const ProgramResult result = run_stereocl(arguments);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("unavailable") != std::string::npos) {
    if (why_not) *why_not = result.err;
    return {};
  }
  return testing::read_png(out);
}

// `arguments` for both modes, with --algorithm `algorithm` for GL compute mode and symmetric for CPU mode.
void expect_same_as_cpu(const std::string& name, std::vector<std::string> arguments,
                        const std::string& algorithm = "symmetric") {
  std::string why_not;
  arguments.insert(arguments.end(), {"--algorithm", algorithm});
  const RgbaImage shader = screenshot("gl-compute", name, arguments, &why_not);
  if (shader.empty()) GTEST_SKIP() << "GL compute mode cannot run here: " << why_not;
  arguments.back() = "symmetric";
  const RgbaImage cpu = screenshot("cpu", name, arguments);
  ASSERT_EQ(shader.width, cpu.width);
  ASSERT_EQ(shader.height, cpu.height);
  long differing = 0;
  for (std::size_t i = 0; i < cpu.pixels.size(); ++i) differing += cpu.pixels[i] == shader.pixels[i] ? 0 : 1;
  EXPECT_EQ(differing, 0) << name;
}

TEST(GlComputeMode, AnimatedSceneEqualsCpuModePixelForPixel) {
  expect_same_as_cpu("scene", {"--size", "300x170", "--frames", "5"});
}

TEST(GlComputeMode, PatternImageAtThreefoldOversamplingEqualsCpuMode) {
  // A picture's colours flow from the centre: the phase links, on rows too wide for llvmpipe's shared memory.
  expect_same_as_cpu("flowing", {"--size", "1000x90", "--oversample", "3", "--pattern",
                                 std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png", "--frames", "2"});
}

TEST(GlComputeMode, RunsTheSymmetricAlgorithmWhateverAlgorithmSaysAndSaysSo) {
  const std::string out = scratch_file("gl-compute-lookup.png");
  const ProgramResult result = run_stereocl({"--hidden", "--mode", "gl-compute", "--algorithm", "lookup", "--size",
                                             "200x80", "--frames", "2", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("unavailable") != std::string::npos) GTEST_SKIP() << result.err;
  EXPECT_NE(result.err.find("GL compute mode runs the symmetric algorithm only; lookup comes back when you leave it"),
            std::string::npos)
      << result.err;
  expect_same_as_cpu("lookup", {"--size", "200x80", "--frames", "2"}, "lookup");
}

}  // namespace
}  // namespace stereocl
