// GPU (external memory) mode piece by piece, each as far as this machine's drivers go, and whole:
// - the depth pass into a storage buffer gives the depth texture's numbers (any GL 4.5);
// - the compose pass from a buffer texture gives the texture's picture;
// - Vulkan memory imports into GL (lavapipe + llvmpipe do this much);
// - the whole link, and a GL -> CL -> GL round trip through its semaphores (NVIDIA);
// - the program: its screenshot equals CPU mode's, or the mode says which step is missing;
// - a frame with an effect takes GPU mode's one hand-over, not the buffers and a second one;
// - a pipeline stopped and started again (the panel's checkbox, a debug view) shows the right frame.
#include "cl_test_device.hpp"
#include "config/options.hpp"
#include "core/pattern.hpp"
#include "hidden_window.hpp"
#include "pipeline/interop/external_memory_link.hpp"
#include "pipeline/interop/handover_floor.hpp"
#include "pipeline/interop/vulkan_exporter.hpp"
#include "pipeline/engine.hpp"
#include "render/gl_external_memory.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"
#include "render/scene_renderer.hpp"
#include "render/stereogram_compositor.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <optional>
#include <random>
#include <vector>

namespace stereocl {
namespace {

class ExternalMemoryGl : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL context: " << why_not;
    if (!GLAD_GL_VERSION_4_5) GTEST_SKIP() << "this GL context is older than 4.5";
  }
  static gl::Buffer float_buffer(std::size_t floats, const float* data = nullptr) {
    GLuint name = 0;
    glCreateBuffers(1, &name);
    glNamedBufferStorage(name, static_cast<GLsizeiptr>(floats * sizeof(float)), data, GL_DYNAMIC_STORAGE_BIT);
    return gl::Buffer(name);
  }
  static std::vector<float> read_floats(GLuint buffer, std::size_t floats) {
    std::vector<float> out(floats);
    glGetNamedBufferSubData(buffer, 0, static_cast<GLsizeiptr>(floats * sizeof(float)), out.data());
    return out;
  }
  std::unique_ptr<Window> window_;
};

// Shaded: the atomics' buffer against the depth test's texture. z-only: one compute shader written
// twice (into the texture, into the buffer), which must agree to the bit.
TEST_F(ExternalMemoryGl, TheDepthPassIntoABufferGivesTheDepthTexturesNumbers) {
  for (const DepthPass pass : {DepthPass::shaded, DepthPass::z_only})
  for (const bool invert : {false, true}) {
    SCOPED_TRACE(std::string(pass == DepthPass::z_only ? "z-only, " : "shaded, ") + (invert ? "inverted" : "not inverted"));
    const int width = 321, height = 181;
    SceneTarget target(width, height);
    SceneRenderer renderer;
    BallPhysics physics;
    physics.state.position = {0.3f, -0.2f, 0.4f};
    renderer.render(physics, invert, target, pass);
    DepthImage expected;
    DepthReadback readback;
    ASSERT_TRUE(readback.read(target.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, expected).ok());
    const gl::Buffer buffer = float_buffer(static_cast<std::size_t>(width * height));
    renderer.render(physics, invert, target, pass, buffer.get());
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const std::vector<float> actual = read_floats(buffer.get(), expected.pixels.size());
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    std::size_t differing = 0;
    float worst = 0.f;
    for (std::size_t i = 0; i < actual.size(); ++i) {
      differing += actual[i] != expected.pixels[i];
      worst = std::max(worst, std::abs(actual[i] - expected.pixels[i]));
    }
    if (pass == DepthPass::z_only && SceneRenderer::z_only_available()) {
      EXPECT_EQ(differing, 0u) << "worst difference " << worst;
      continue;
    }
    // The atomics keep the nearest linear depth, the depth test the nearest window depth: they can
    // disagree only where two surfaces meet, by a rounding step.
    EXPECT_LE(differing, actual.size() / 1000) << "worst difference " << worst;
    EXPECT_LT(worst, 1e-3f);
  }
}

// Lookup: rows W + P long, any fraction of a pattern width, sampled linearly. Symmetric: rows W
// long (no strip), whole pattern columns (column / P as the kernel writes them), whole texels.
TEST_F(ExternalMemoryGl, ComposingFromABufferTextureGivesTheTexturesPicture) {
  const int width = 203, height = 61, pattern_width = 85;
  for (const bool symmetric : {false, true}) {
    SCOPED_TRACE(symmetric ? "symmetric" : "lookup");
    const int row = width + (symmetric ? 0 : pattern_width);
    const PatternSampling sampling = symmetric ? PatternSampling::whole_pixels : PatternSampling::linear;
    StereogramCompositor compositor;
    compositor.resize(width, height, row - width);
    compositor.set_pattern(make_random_pattern(pattern_width, 64, true, 7));
    DepthImage offsets(row, height);
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(-3.f, 5.f);
    std::uniform_int_distribution<int> column(0, pattern_width - 1);
    const float inverse_pattern_width = 1.f / static_cast<float>(pattern_width);
    for (float& value : offsets.pixels)
      value = symmetric ? static_cast<float>(column(random)) * inverse_pattern_width : coordinate(random);
    upload_texture(compositor.offsets_texture().get(), offsets);
    compositor.compose(sampling);
    const RgbaImage expected = read_rgba(compositor.output().framebuffer, GL_COLOR_ATTACHMENT0, row, height);
    const gl::Buffer buffer = float_buffer(offsets.pixels.size(), offsets.pixels.data());
    const gl::Texture texture = make_float_buffer_texture(buffer.get(), offsets.pixels.size());
    compositor.compose(sampling, texture.get(), row);
    const RgbaImage actual = read_rgba(compositor.output().framebuffer, GL_COLOR_ATTACHMENT0, row, height);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(std::memcmp(expected.pixels.data(), actual.pixels.data(), expected.pixels.size() * sizeof(Rgba8)), 0);
  }
}

TEST_F(ExternalMemoryGl, VulkanMemoryImportsIntoGl) {
  std::unique_ptr<VulkanExporter> vulkan;
  try {
    vulkan = std::make_unique<VulkanExporter>(std::span<const std::uint8_t>{});
  } catch (const std::exception& error) {
    GTEST_SKIP() << "no Vulkan export here: " << error.what();
  }
  if (const Status imports = gl_imports_external_memory(); !imports) GTEST_SKIP() << imports.error();
  const std::size_t memory = vulkan->allocate(4096);
  ASSERT_GE(vulkan->allocation_size(memory), 4096u);
  const GlImportedBuffer imported(vulkan->export_memory(memory), vulkan->allocation_size(memory), 4096);
  std::vector<float> written(1024);
  for (std::size_t i = 0; i < written.size(); ++i) written[i] = static_cast<float>(i) * 0.5f;
  glNamedBufferSubData(imported.get(), 0, 4096, written.data());
  EXPECT_EQ(read_floats(imported.get(), 1024), written);
  const GlImportedSemaphore semaphore(vulkan->export_semaphore(vulkan->create_semaphore()));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// --bench's floor frames without OpenCL: a GL-only frame then a round trip, in turn, each writing
// the frame's number and then another; then as many of each queued back to back; the last number
// to the check; a check that fails is what comes back, not a time.
TEST_F(ExternalMemoryGl, TheHandOverFloorAlternatesBothFramesAndReturnsAFailedCheck) {
  std::vector<std::string> calls;
  const auto gl_work = [&](int value) { calls.push_back(std::to_string(value)); };
  const auto hand_over = [&] { calls.push_back("hand over"); };
  const int frames = 37, warm_up = frames / 10 + 1;
  int checked = -1;
  Result<HandoverFloor> floor = time_handover_floor(frames, gl_work, hand_over, [&](int last) -> Status {
    checked = last;
    return {};
  });
  ASSERT_TRUE(floor.ok()) << floor.error();
  std::vector<std::string> expected;
  for (int i = 0; i < warm_up + frames; ++i)
    for (const std::string& call : {std::to_string(i), std::to_string(-1 - i), std::to_string(i), std::string("hand over"),
                                    std::to_string(-1 - i)})
      expected.push_back(call);
  const int first = warm_up + frames;
  for (const bool handed : {false, true})
    for (int i = first; i < first + frames; ++i) {
      expected.push_back(std::to_string(i));
      if (handed) expected.push_back("hand over");
      expected.push_back(std::to_string(-1 - i));
    }
  EXPECT_EQ(calls, expected);
  EXPECT_EQ(checked, first + frames - 1);
  EXPECT_EQ(floor->frames, frames);
  EXPECT_GE(std::min({floor->round_trip_ms, floor->gl_only_ms, floor->queued_round_trip_ms, floor->queued_gl_only_ms}), 0.0);
  EXPECT_DOUBLE_EQ(floor->floor_ms(), floor->round_trip_ms - floor->gl_only_ms);
  EXPECT_DOUBLE_EQ(floor->queued_floor_ms(), floor->queued_round_trip_ms - floor->queued_gl_only_ms);

  const Result<HandoverFloor> unordered =
      time_handover_floor(3, gl_work, hand_over, [](int) -> Status { return failure("GL read 1 where OpenCL copied 2"); });
  ASSERT_FALSE(unordered.ok());
  EXPECT_EQ(unordered.error(), "GL read 1 where OpenCL copied 2");
  const Result<HandoverFloor> none = time_handover_floor(0, gl_work, hand_over, [](int) -> Status { return {}; });
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().find("at least 1 frame, not 0"), std::string::npos) << none.error();
}

// Where every step works: GL writes, CL reads, CL writes, GL reads, ordered by the semaphores alone.
TEST_F(ExternalMemoryGl, TheLinkCarriesDataBothWaysOrSaysWhichStepFails) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  std::optional<ExternalMemoryLink> link;
  try {
    link.emplace(*cl, 1000, 2000);
  } catch (const std::exception& error) {
    const std::string what = error.what();
    EXPECT_TRUE(what.starts_with("Vulkan: ") || what.starts_with("GL import: ") || what.starts_with("OpenCL import: "))
        << what;
    GTEST_SKIP() << "the link stops here at: " << what;
  }
  // Both slots (--pipeline draws and composes one while OpenCL computes the other).
  for (int slot = 0; slot < ExternalMemoryLink::kSlots; ++slot) {
    const float depth = 0.375f + static_cast<float>(slot), offset = -2.25f - static_cast<float>(slot);
    glClearNamedBufferData(link->gl_depth(slot), GL_R32F, GL_RED, GL_FLOAT, &depth);
    link->hand_depth_to_cl(cl->queue, slot);
    std::vector<float> seen_by_cl(1000);
    cl->queue.enqueueReadBuffer(link->cl_depth(slot), CL_FALSE, 0, 4000, seen_by_cl.data());
    cl->queue.enqueueFillBuffer(link->cl_offsets(slot), offset, 0, 8000);
    link->hand_offsets_to_gl(cl->queue, slot);
    // GL sees the offsets through a GPU-side copy, a command its semaphore wait orders: NVIDIA's
    // glGetNamedBufferSubData straight after the wait read the previous fill (slot 1).
    const gl::Buffer seen = float_buffer(2000);
    glCopyNamedBufferSubData(link->gl_offsets(slot), seen.get(), 0, 0, 8000);
    const std::vector<float> seen_by_gl = read_floats(seen.get(), 2000);
    cl->queue.finish();
    EXPECT_EQ(seen_by_cl, std::vector<float>(1000, depth)) << "slot " << slot;
    EXPECT_EQ(seen_by_gl, std::vector<float>(2000, offset)) << "slot " << slot;
  }
}

// Rows of two same-sized pictures in which some channel differs by more than 1.
int rows_differing(const RgbaImage& a, const RgbaImage& b) {
  int rows = 0;
  for (int y = 0; y < a.height; ++y) {
    int worst = 0;
    for (int x = 0; x < a.width; ++x) {
      const Rgba8 p = a.pixels[static_cast<std::size_t>(y * a.width + x)];
      const Rgba8 q = b.pixels[static_cast<std::size_t>(y * a.width + x)];
      worst = std::max({worst, std::abs(p.r - q.r), std::abs(p.g - q.g), std::abs(p.b - q.b)});
    }
    rows += worst > 1;
  }
  return rows;
}

// The animated scene changes every frame, so a hand-over that let the compose read last frame's
// offsets (or the kernel last frame's depth) would show here. Each algorithm must take the buffer
// path itself (the log line of the Vulkan buffers), not GPU mode's textures.
constexpr int kShotHeight = 170;

// Rows that differ between CPU mode's screenshot after `cpu_frames` and GPU (external memory)
// mode's after 7 frames with `extra` options; nullopt (the test skipped) where the mode cannot run.
std::optional<int> rows_differing_from_cpu(const std::string& algorithm, int cpu_frames,
                                           const std::vector<std::string>& extra = {"--no-pipeline"}) {
  const std::vector<std::string> common = {"--hidden", "--algorithm", algorithm, "--size",
                                           "300x" + std::to_string(kShotHeight)};
  const std::string reference =
      testing::scratch_file("extmem-cpu-" + algorithm + "-" + std::to_string(cpu_frames) + ".png");
  const std::string candidate = testing::scratch_file("extmem-" + algorithm + (extra.front() == "--pipeline" ? "-pipelined" : "") + ".png");
  auto arguments = common;
  arguments.insert(arguments.end(), {"--mode", "cpu", "--frames", std::to_string(cpu_frames), "--screenshot", reference});
  const testing::ProgramResult cpu = testing::run_stereocl(arguments);
  EXPECT_EQ(cpu.exit_code, 0) << cpu.err;
  arguments = common;
  arguments.insert(arguments.end(), {"--mode", "gpu-extmem", "--frames", "7", "--screenshot", candidate});
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  const testing::ProgramResult extmem = testing::run_stereocl(arguments);
  EXPECT_EQ(extmem.exit_code, 0) << extmem.err;
  if (cpu.exit_code != 0 || extmem.exit_code != 0) return std::nullopt;
  if (extmem.err.find("unavailable") != std::string::npos) {
    // The reason names the step and its error, and another mode ran instead.
    const std::string prefix = "GPU (external memory) mode is unavailable: ";
    const auto at = extmem.err.find(prefix);
    EXPECT_NE(at, std::string::npos) << extmem.err;
    if (at == std::string::npos) return std::nullopt;
    const std::string reason = extmem.err.substr(at + prefix.size());
    EXPECT_TRUE(reason.starts_with("Vulkan: ") || reason.starts_with("GL import: ") ||
                reason.starts_with("OpenCL import: ") || reason.find("OpenCL") != std::string::npos)
        << reason;
    EXPECT_NE(extmem.err.find("instead"), std::string::npos) << extmem.err;
    std::printf("skipped: GPU (external memory) mode cannot run here: %s\n", reason.c_str());
    return std::nullopt;
  }
  EXPECT_NE(extmem.err.find("depth and offsets buffers from Vulkan"), std::string::npos)
      << "the " << algorithm << " frames did not take the buffer path: " << extmem.err;
  EXPECT_EQ(extmem.err.find("using the texture path"), std::string::npos) << extmem.err;
  const RgbaImage a = testing::read_png(reference), b = testing::read_png(candidate);
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.pixels.size(), b.pixels.size());
  if (a.pixels.size() != b.pixels.size()) return std::nullopt;
  return rows_differing(a, b);
}

void expect_screenshot_equals_cpu_modes(const std::string& algorithm, int max_rows_differing) {
  const std::optional<int> rows = rows_differing_from_cpu(algorithm, 7);
  if (!rows) GTEST_SKIP() << "GPU (external memory) mode cannot run here (the reason is printed above)";
  EXPECT_LE(*rows, max_rows_differing) << "of " << kShotHeight << " rows";
}

// --pipeline computes frame N's picture from the depth drawn in frame N - 1 while GL draws N's, so
// after 7 frames it shows CPU mode's picture after 6 -- and, the ball having moved, not after 7
// (where the rows the ball crosses differ).
void expect_pipelined_one_frame_behind(const std::string& algorithm, int max_rows_differing) {
  const std::optional<int> behind = rows_differing_from_cpu(algorithm, 6, {"--pipeline"});
  if (!behind) GTEST_SKIP() << "GPU (external memory) mode cannot run here (the reason is printed above)";
  EXPECT_LE(*behind, max_rows_differing) << "of " << kShotHeight << " rows";
  EXPECT_GT(rows_differing_from_cpu(algorithm, 7, {"--pipeline"}).value_or(0), max_rows_differing)
      << "the picture after 7 pipelined frames is not a frame behind";
}

// Lookup offsets move smoothly with depth: where the two depth passes differ (atomics against
// the depth test, by a rounding step where two surfaces meet) no channel moves by more than 1.
TEST(ExternalMemoryMode, LookupScreenshotEqualsCpuModesOrTheModeSaysWhyNot) {
  expect_screenshot_equals_cpu_modes("lookup", 0);
}

// The symmetric coordinates are bit-exact with the CPU's for the same depth, but a rounding step
// that crosses one of its 16384 depth levels relinks the rest of that row, whole dots apart. So a
// few rows (where walls meet) may differ; a frame late differs in every row the ball crosses, a
// wrong row length in all of them.
TEST(ExternalMemoryMode, SymmetricScreenshotEqualsCpuModesOrTheModeSaysWhyNot) {
  expect_screenshot_equals_cpu_modes("symmetric", kShotHeight / 20);
}

TEST(ExternalMemoryMode, PipelinedLookupIsOneFrameBehindCpu) { expect_pipelined_one_frame_behind("lookup", 0); }
TEST(ExternalMemoryMode, PipelinedSymmetricIsOneFrameBehindCpu) {
  expect_pipelined_one_frame_behind("symmetric", kShotHeight / 20);
}

// The two slots' bookkeeping: a pipelined frame composes what the frame before computed, a frame
// that stops the pipeline (pipelining off, a debug view) leaves a signal GL must still take, and a
// pipeline that starts again (or goes on at a new size, through a link made again) starts from its
// own frame. Each picture is CPU mode's of the frame it should show, and never the frame beside it
// (the ball moves every frame).
// resized: pipelined, at a new size, for which the link is made again.
enum class PipelineFrame { piped, unpiped, debug, resized };

std::unique_ptr<Engine> lookup_engine(Mode mode, Window& window) {
  Options options;
  options.size = Size{200, 120};
  options.mode = mode;
  options.look.stereogram.algorithm = StereogramAlgorithm::lookup;  // equal to the CPU's, not within rounding
  return std::make_unique<Engine>(options, open_opencl(window.share_handles(), ""));
}

void set_up_frame(Engine& extmem, PipelineFrame frame) {
  extmem.settings().passes.pipeline = frame != PipelineFrame::unpiped;
  extmem.settings().passes.debug_view = frame == PipelineFrame::debug ? DebugView::depth : DebugView::none;
}

TEST_F(ExternalMemoryGl, APipelineStoppedAndStartedShowsTheFrameItShould) {
  const std::unique_ptr<Engine> cpu = lookup_engine(Mode::cpu, *window_);
  const std::unique_ptr<Engine> extmem = lookup_engine(Mode::gpu_extmem, *window_);
  if (extmem->settings().mode != Mode::gpu_extmem)
    GTEST_SKIP() << "GPU (external memory) mode cannot run here: "
                 << extmem->modes().availability().reason(Mode::gpu_extmem).value_or("another mode was chosen");
  using enum PipelineFrame;
  const PipelineFrame frames[] = {piped, piped, piped, unpiped, unpiped, piped, piped, debug, piped,
                                  piped, unpiped, piped, debug, unpiped, piped, piped, resized, piped};
  std::vector<RgbaImage> cpu_pictures;
  bool behind = false;  // whether the frame before left offsets for this one
  for (std::size_t index = 0; index < std::size(frames); ++index) {
    const PipelineFrame frame = frames[index];
    set_up_frame(*extmem, frame);
    if (frame == resized) {
      for (Engine* engine : {cpu.get(), extmem.get()}) ASSERT_TRUE(engine->resize_scene(Size{232, 136}).ok());
      cpu_pictures.clear();  // pictures of another size: none is shown again
    }
    ASSERT_TRUE(cpu->render_frame(1.0 / 60.0).ok());
    ASSERT_TRUE(extmem->render_frame(1.0 / 60.0).ok());
    cpu_pictures.push_back(cpu->saved_image());
    const bool shows_last = frame == piped && behind;
    behind = frame == piped || frame == resized;
    if (frame == debug) continue;
    const RgbaImage picture = extmem->saved_image();
    const std::size_t shown = cpu_pictures.size() - 1;  // this frame's CPU picture
    const RgbaImage& expected = cpu_pictures[shown - (shows_last ? 1 : 0)];
    ASSERT_EQ(picture.pixels.size(), expected.pixels.size()) << "frame " << index;
    EXPECT_EQ(rows_differing(picture, expected), 0) << "frame " << index;
    if (shown > 0) {
      const RgbaImage& neighbour = cpu_pictures[shows_last ? shown : shown - 1];
      EXPECT_GT(rows_differing(picture, neighbour), 0) << "frame " << index << " equals its neighbour";
    }
  }
}

// With an effect, one cl_khr_gl_sharing hand-over for the whole frame beats the semaphores plus a
// second hand-over for the effect (docs/performance.md, "GPU (external memory) mode's effect
// frames"): the frame is GPU mode's, to the byte, and no Vulkan buffers are made. Step by step
// (--interop-batch off) keeps the buffers.
TEST(ExternalMemoryMode, AFrameWithAnEffectTakesGpuModesOneHandOver) {
  const std::vector<std::string> common = {"--hidden", "--size", "300x" + std::to_string(kShotHeight), "--effect",
                                           "sobel", "--frames", "7"};
  // Pipelined, as both modes are by default: the same frame.
  const auto run = [&](const std::string& mode, const std::vector<std::string>& extra, const std::string& name) {
    auto arguments = common;
    arguments.insert(arguments.end(), {"--mode", mode, "--screenshot", testing::scratch_file(name)});
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const testing::ProgramResult result = testing::run_stereocl(arguments);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result;
  };
  const testing::ProgramResult extmem = run("gpu-extmem", {"--pipeline"}, "extmem-sobel.png");
  if (extmem.err.find("unavailable") != std::string::npos)
    GTEST_SKIP() << "GPU (external memory) mode cannot run here: " << extmem.err;
  const testing::ProgramResult gpu = run("gpu", {"--pipeline"}, "gpu-sobel.png");
  ASSERT_EQ(gpu.err.find("unavailable"), std::string::npos) << gpu.err;
  EXPECT_EQ(extmem.err.find("buffers from Vulkan"), std::string::npos) << extmem.err;
  const RgbaImage a = testing::read_png(testing::scratch_file("extmem-sobel.png"));
  const RgbaImage b = testing::read_png(testing::scratch_file("gpu-sobel.png"));
  EXPECT_EQ(a.width, b.width);
  EXPECT_TRUE(a.pixels == b.pixels) << "the Sobel frame differs from GPU mode's";

  const testing::ProgramResult step_by_step = run("gpu-extmem", {"--interop-batch", "off"}, "extmem-sobel-steps.png");
  EXPECT_NE(step_by_step.err.find("buffers from Vulkan"), std::string::npos) << step_by_step.err;
}

// With no Vulkan driver at all the mode stops at its first step, and says so in those words.
TEST(ExternalMemoryMode, WithoutAVulkanDriverTheReasonNamesTheVulkanStep) {
  const std::string out = testing::scratch_file("extmem-no-vulkan.png");
  const testing::ProgramResult result =
      testing::run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "gpu-extmem", "--size", "64x32", "--frames", "1", "--screenshot", out},
                            "VK_DRIVER_FILES=/nonexistent/icd.json VK_ICD_FILENAMES=/nonexistent/icd.json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("no OpenCL") != std::string::npos) GTEST_SKIP() << "no OpenCL here: " << result.err;
  EXPECT_NE(result.err.find("GPU (external memory) mode is unavailable: Vulkan: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("instead"), std::string::npos) << result.err;
  EXPECT_EQ(testing::read_png(out).width, 64 + 85);
}

}  // namespace
}  // namespace stereocl
