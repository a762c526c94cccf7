// The stereocl binary, run as a user would: stereogram geometry in a screenshot, modes that
// agree with each other, and bad input refused with a message and no crash.
#include "compute/stereogram/stereogram_params.hpp"
#include "files/picture/image_file.hpp"
#include "pipeline/plan/effects.hpp"
#include "render/pixel_transfer.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

int max_channel_difference(Rgba8 a, Rgba8 b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

// The largest difference of any channel at any pixel of two same-sized images.
int worst_channel_difference(const RgbaImage& a, const RgbaImage& b) {
  int worst = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) worst = std::max(worst, max_channel_difference(a.pixels[i], b.pixels[i]));
  return worst;
}

// The fraction of pixels (right of the first pattern strip) equal to the pixel `period` to their left.
double repeat_fraction(const RgbaImage& image, int start, int period) {
  long same = 0, total = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = start + period; x < image.width; ++x, ++total)
      same += max_channel_difference(image.at(x, y), image.at(x - period, y)) <= 2;
  return total ? static_cast<double>(same) / static_cast<double>(total) : 0.0;
}

std::string flat_depth_png() {
  // grey 51 is depth d = 1 - 51/255 = 0.8, so a period of P - M(1 - d) = 85 - 30 * 0.2 = 79.
  static const std::string path = testing::write_grey_png("flat.png", 203, 61, 51);
  return path;
}

std::string ramp_depth_png() {
  static const std::string path = testing::write_ramp_png("ramp.png", 300, 90);
  return path;
}

ProgramResult screenshot(const std::string& mode, const std::string& depth, const std::string& out,
                         std::vector<std::string> extra = {}, const std::string& environment = "") {
  std::vector<std::string> arguments = {"--hidden", "--algorithm", "lookup", "--mode", mode, "--depth", depth,
                                        "--frames", "2",           "--screenshot", out};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return run_stereocl(arguments, environment);
}

TEST(EndToEnd, CpuModeScreenshotOfAFlatPlaneRepeatsWithItsPeriod) {
  const std::string out = scratch_file("flat-cpu.png");
  const ProgramResult result = screenshot("cpu", flat_depth_png(), out);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage image = testing::read_png(out);
  EXPECT_EQ(image.width, 203 + 85);
  EXPECT_EQ(image.height, 61);
  EXPECT_GT(repeat_fraction(image, 85, 79), 0.99);
  EXPECT_LT(repeat_fraction(image, 85, 85), 0.2);  // and not with the pattern's own period
}

TEST(EndToEnd, ScreenshotOfTheSceneIsTheStereogramSize) {
  const std::string out = scratch_file("scene-cpu.png");
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "301x123", "--pattern-width", "64",
                                             "--max-offset", "20", "--frames", "3", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage image = testing::read_png(out);
  EXPECT_EQ(image.width, 301 + 64);
  EXPECT_EQ(image.height, 123);
}

class ModesAgree : public ::testing::TestWithParam<std::string> {};

// The same depth map gives the same picture whichever engine computed it, to the byte.
// The mode's screenshot of the ramp; empty, with the program's stderr in `why_not`, where the mode
// cannot run here.
RgbaImage screenshot_of(const std::string& mode, const std::string& effect, const std::string& batch,
                        std::string* why_not = nullptr) {
  const std::string out = scratch_file("agree-" + mode + "-" + effect + "-batch-" + batch + ".png");
  const ProgramResult result = screenshot(mode, ramp_depth_png(), out, {"--effect", effect, "--interop-batch", batch});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("unavailable") == std::string::npos) return testing::read_png(out);
  if (why_not) *why_not = result.err;
  return {};
}

// `row`'s CPU reference on a screenshot (top row first; the effects see GL's rows, bottom first).
RgbaImage cpu_effect_of(const EffectRow& row, RgbaImage picture) {
  flip_rows(picture);
  RgbaImage result = row.cpu(picture, EffectSettings{&row}, 1);
  flip_rows(result);
  return result;
}

// CPU mode composes on the host, GPU and CPU-readback modes in OpenCL ("--interop-batch on", the
// default) or in GL ("off"): every one blends lookup's pattern in the host's integers
// (tests/compose_test.cpp), so every picture is CPU mode's to the byte, an effect's too; the effect
// is also held to its CPU reference run on the mode's own picture without it.
void expect_same_picture(const std::string& mode, const std::string& effect, const std::string& batch = "on") {
  std::string why_not;  // the mode first: where it cannot run, the test skips without CPU mode's picture
  const RgbaImage other = screenshot_of(mode, effect, batch, &why_not);
  if (other.empty()) GTEST_SKIP() << mode << " cannot run here: " << why_not;
  const RgbaImage cpu = screenshot_of("cpu", effect, "on");
  ASSERT_EQ(cpu.width, other.width);
  ASSERT_EQ(cpu.height, other.height);
  const EffectRow* row = find_effect(effect);
  if (!row) {
    EXPECT_EQ(worst_channel_difference(cpu, other), 0) << mode << " with effect " << effect;
    return;
  }
  const RgbaImage expected = cpu_effect_of(*row, screenshot_of(mode, "none", batch));
  EXPECT_TRUE(expected.pixels == other.pixels) << mode << ": " << effect << " differs from its CPU reference";
  EXPECT_TRUE(cpu.pixels == other.pixels) << mode << ": " << effect << " differs from CPU mode's picture";
}

TEST_P(ModesAgree, CpuReadbackMatchesCpu) { expect_same_picture("cpu-readback", GetParam()); }
TEST_P(ModesAgree, CpuReadbackStepByStepMatchesCpu) { expect_same_picture("cpu-readback", GetParam(), "off"); }
TEST_P(ModesAgree, GpuMatchesCpu) { expect_same_picture("gpu", GetParam()); }
TEST_P(ModesAgree, GpuStepByStepMatchesCpu) { expect_same_picture("gpu", GetParam(), "off"); }
std::vector<std::string> every_effect() {
  std::vector<std::string> names = {"none"};
  for (const EffectRow& row : effect_table()) names.emplace_back(row.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Effects, ModesAgree, ::testing::ValuesIn(every_effect()));

// The animated scene, unlike a still depth map, changes every frame: offsets left over from an
// earlier frame (a missing GL<->CL synchronisation) would show as a difference here.
// The worst channel difference between CPU mode's screenshot after `cpu_frames` of the animated
// scene and `mode`'s after `frames` with `extra` options; nullopt where `mode` cannot run here.
std::optional<int> animated_difference(const std::string& mode, int cpu_frames, int frames,
                                       const std::vector<std::string>& extra) {
  const std::vector<std::string> common = {"--hidden", "--algorithm", "lookup", "--size", "300x170"};
  const std::string reference = scratch_file("animated-cpu-" + std::to_string(cpu_frames) + ".png");
  std::string name = "animated-" + mode + "-" + std::to_string(frames);
  for (const std::string& option : extra) name += option;
  const std::string candidate = scratch_file(name + ".png");
  auto arguments = common;
  arguments.insert(arguments.end(), {"--mode", "cpu", "--frames", std::to_string(cpu_frames), "--screenshot", reference});
  const ProgramResult cpu = run_stereocl(arguments);
  EXPECT_EQ(cpu.exit_code, 0) << cpu.err;
  arguments = common;
  arguments.insert(arguments.end(), {"--mode", mode, "--frames", std::to_string(frames), "--screenshot", candidate});
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  const ProgramResult other = run_stereocl(arguments);
  EXPECT_EQ(other.exit_code, 0) << other.err;
  if (other.err.find("unavailable") != std::string::npos || cpu.exit_code != 0 || other.exit_code != 0) return std::nullopt;
  const RgbaImage a = testing::read_png(reference), b = testing::read_png(candidate);
  EXPECT_EQ(a.pixels.size(), b.pixels.size());
  if (a.pixels.size() != b.pixels.size()) return std::nullopt;
  return worst_channel_difference(a, b);
}

void expect_same_animated_picture(const std::string& mode, const std::string& batch = "on") {
  const std::optional<int> difference = animated_difference(mode, 7, 7, {"--interop-batch", batch, "--no-pipeline"});
  if (!difference) GTEST_SKIP() << mode << " cannot run here";
  EXPECT_EQ(*difference, 0) << mode;
}

TEST(EndToEnd, AnimatedSceneCpuReadbackMatchesCpu) { expect_same_animated_picture("cpu-readback"); }
TEST(EndToEnd, AnimatedSceneGpuMatchesCpu) { expect_same_animated_picture("gpu"); }
TEST(EndToEnd, AnimatedSceneGpuStepByStepMatchesCpu) { expect_same_animated_picture("gpu", "off"); }

// --pipeline shows after frame N the depth drawn in frame N - 1 (the pipeline starts from the
// scene as it stands, frame 0), so its screenshot after 8 frames is CPU mode's after 7 -- and,
// the ball having moved, not CPU mode's after 8. CPU-readback runs the same pipeline (its GL
// draw overlaps only the device work), so the logic is tested where GL is not shared too.
void expect_one_frame_behind(const std::string& mode) {
  const std::optional<int> behind = animated_difference(mode, 7, 8, {"--pipeline"});
  if (!behind) GTEST_SKIP() << mode << " cannot run here";
  EXPECT_LE(*behind, 1);
  EXPECT_GT(animated_difference(mode, 8, 8, {"--pipeline"}).value_or(0), 1) << "the ball did not move in a frame";
}

TEST(EndToEnd, AnimatedScenePipelinedGpuIsOneFrameBehindCpu) { expect_one_frame_behind("gpu"); }
TEST(EndToEnd, AnimatedScenePipelinedCpuReadbackIsOneFrameBehindCpu) { expect_one_frame_behind("cpu-readback"); }
TEST(EndToEnd, AnimatedSceneCpuReadbackStepByStepMatchesCpu) { expect_same_animated_picture("cpu-readback", "off"); }

TEST(EndToEnd, GpuModeWithoutSharingFallsBackWithTheReason) {
  const std::string out = scratch_file("gpu-fallback.png");
  const ProgramResult result = screenshot("gpu", flat_depth_png(), out);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  if (result.err.find("unavailable") == std::string::npos)
    GTEST_SKIP() << "GL sharing works here, so there is no fallback to see";
  EXPECT_NE(result.err.find("GPU mode is unavailable: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("instead"), std::string::npos) << result.err;
}

TEST(EndToEnd, AKernelThatFailsToBuildShowsTheLogAndFallsBackToCpu) {
  const std::string out = scratch_file("broken-kernels.png");
  const ProgramResult result = screenshot("cpu-readback", flat_depth_png(), out, {}, "STEREOCL_BREAK_KERNELS=1");
  if (result.err.find("no OpenCL platform") != std::string::npos) GTEST_SKIP() << "no OpenCL here: " << result.err;
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("failed to build"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("broken on purpose"), std::string::npos) << "the build log is shown: " << result.err;
  EXPECT_NE(result.err.find("running CPU mode instead"), std::string::npos) << result.err;
  EXPECT_EQ(testing::read_png(out).width, 203 + 85);
}

// An effect's kernels are built on its first frame, so a driver that cannot compile one is met
// mid-run: the log is shown, and the demo goes on in CPU mode with that effect.
TEST(EndToEnd, AnEffectKernelThatFailsToBuildMidRunFallsBackToCpu) {
  const std::string out = scratch_file("broken-sobel.png");
  const std::string reference = scratch_file("broken-sobel-cpu.png");
  const ProgramResult result =
      screenshot("cpu-readback", flat_depth_png(), out, {"--effect", "sobel"}, "STEREOCL_BREAK_KERNELS=sobel.cl");
  if (result.err.find("no OpenCL platform") != std::string::npos) GTEST_SKIP() << "no OpenCL here: " << result.err;
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("sobel.cl"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("broken on purpose"), std::string::npos) << "the build log is shown: " << result.err;
  ASSERT_EQ(screenshot("cpu", flat_depth_png(), reference, {"--effect", "sobel"}).exit_code, 0);
  EXPECT_TRUE(testing::read_png(out).pixels == testing::read_png(reference).pixels);
}

// Values echoed in messages reach a terminal: an ESC in --cl-device and an 8-bit CSI (U+009B) in
// --text came through raw. Control bytes are written as \xNN.
TEST(EndToEnd, ControlBytesInEchoedValuesAreEscaped) {
  const std::string out = scratch_file("control-bytes.png");
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"--cl-device", "\x1b[31mred", "--mode", "cpu-readback", "--hidden", "--frames", "1"},
        {"--text", "A\xc2\x9b" "31mB", "-o", out}, {"--text", "A\x9b" "31mB", "-o", out},
        {"--depth", "\x1b]0;title\x07.png", "-o", out}}) {
    const ProgramResult result = run_stereocl(arguments, "env -u DISPLAY");
    EXPECT_NE(result.exit_code, 0) << arguments[1];
    EXPECT_FALSE(result.err.empty()) << arguments[1];
    for (const char* raw : {"\x1b", "\xc2\x9b", "\x9b", "\x07"})
      EXPECT_EQ(result.err.find(raw), std::string::npos) << "a raw control byte reached stderr: " << result.err;
  }
}

// --soak-modes gpu where GPU mode cannot run soaked CPU-readback without a word.
TEST(EndToEnd, ASoakOfModesThatCannotRunIsRefusedNamingThem) {
  const std::string no_vendors = testing::scratch_file("no-vendors");
  std::filesystem::create_directories(no_vendors);
  const ProgramResult result = run_stereocl({"--hidden", "--size", "64x48", "--soak", "1", "--soak-csv",
                                             scratch_file("soak-gpu.csv"), "--soak-modes", "gpu,cpu-readback"},
                                            "OCL_ICD_VENDORS=" + no_vendors);
  if (result.exit_code == 0) GTEST_SKIP() << "an OpenCL platform is still listed here (the lent GPU's own loader)";
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--soak-modes: none of them runs here (GPU mode: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("; CPU-readback mode: "), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

TEST(EndToEnd, NoOpenClPlatformLeavesCpuAndSceneModes) {
  // ocl-icd reads its vendor list from OCL_ICD_VENDORS: an empty folder means no platform at all.
  const std::string no_vendors = testing::scratch_file("no-vendors");
  std::filesystem::create_directories(no_vendors);
  // Debian's loader (ocl-icd) honours it; the lent GPU machine's own libOpenCL does not, and there
  // the premise, no platform, cannot be set up.
  const ProgramResult listed = run_stereocl({"--list-devices", "--json"}, "OCL_ICD_VENDORS=" + no_vendors);
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  if (!nlohmann::json::parse(listed.out).at("platforms").empty())
    GTEST_SKIP() << "this machine's OpenCL loader ignores OCL_ICD_VENDORS: a platform is still listed";
  const std::string out = scratch_file("no-opencl.png");
  const ProgramResult result = screenshot("gpu", flat_depth_png(), out, {}, "OCL_ICD_VENDORS=" + no_vendors);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("no OpenCL platform"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("running CPU mode instead"), std::string::npos) << result.err;
  EXPECT_EQ(testing::read_png(out).width, 203 + 85);
  const ProgramResult devices = run_stereocl({"--hidden", "--list-devices"}, "OCL_ICD_VENDORS=" + no_vendors);
  EXPECT_EQ(devices.exit_code, 0);
  EXPECT_NE(devices.out.find("no OpenCL platform"), std::string::npos) << devices.out;
}

TEST(EndToEnd, HistogramCsvCountsEveryDisplayedPixel) {
  const std::string csv = scratch_file("histogram.csv");
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--depth", flat_depth_png(), "--frames", "1",
                                             "--histogram", csv});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream text(testing::read_text(csv));
  std::string line;
  std::getline(text, line);
  EXPECT_EQ(line, "bin,count");
  long total = 0, rows = 0;
  while (std::getline(text, line)) {
    total += std::stol(line.substr(line.find(',') + 1));
    ++rows;
  }
  EXPECT_EQ(rows, 256);
  EXPECT_EQ(total, (203 + 85) * 61);
}

TEST(BadInput, UnreadableDepthOrPatternFilesAreRefusedNamingTheFile) {
  const std::string corrupt = testing::write_bytes("corrupt.png", "\x89PNG\r\n\x1a\nthis is not really a png");
  const std::string text = testing::write_bytes("notes.png", "just some text");
  for (const std::string& option : {std::string("--depth"), std::string("--pattern")}) {
    for (const std::string& file : {corrupt, text, scratch_file("missing.png")}) {
      const ProgramResult result = run_stereocl({"--hidden", option, file, "--frames", "1"});
      EXPECT_EQ(result.exit_code, 2) << option << " " << file << ": " << result.err;
      EXPECT_NE(result.err.find(file), std::string::npos) << result.err;
    }
  }
}

// Once refused (its width became P, too narrow for the default M): now scaled to P like any pattern.
TEST(EndToEnd, APatternNarrowerThanPIsScaledToIt) {
  const std::string narrow = testing::write_grey_png("narrow-pattern.png", 20, 20, 128);
  const std::string out = scratch_file("narrow-pattern-shot.png");
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "200x100",
                                             "--pattern", narrow, "--frames", "1", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(testing::read_png(out).width, 200 + StereogramParams{}.pattern_width);
}

TEST(BadInput, AbsurdValuesExitTwoWithOneLine) {
  for (std::vector<std::string> arguments :
       {std::vector<std::string>{"--size", "0x0"}, {"--max-offset", "1e9"}, {"--frames", "-5"}, {"--mode", "quantum"}}) {
    const ProgramResult result = run_stereocl(arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments[0];
    EXPECT_FALSE(result.err.empty());
  }
}

TEST(BadInput, AStereogramWiderThanTheDriversTexturesIsRefusedNotCrashed) {
  // 16384 + P is over the 16384 most drivers allow (llvmpipe among them); where a driver allows
  // more, the run simply works.
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "16384x64", "--frames", "1"});
  if (result.exit_code == 0) GTEST_SKIP() << "this GL driver takes textures wider than 16469 pixels";
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("16384x64"), std::string::npos) << result.err;
}

TEST(EndToEnd, TheShippedDepthMapAndPatternMakeAStereogram) {
  const std::string depth = std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png";
  const std::string pattern = std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png";
  const std::string out = scratch_file("assets.png");
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--depth", depth, "--pattern", pattern,
                                             "--pattern-width", "120", "--max-offset", "40", "--frames", "1", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage image = testing::read_png(out);
  EXPECT_EQ(image.width, 800 + 120);  // the pattern is scaled to P (here its own width)
  EXPECT_EQ(image.height, 450);
  // Above the shapes the floor is far and nearly flat (grey about 23, so d = 0.91): the picture
  // repeats best with a period of P - M(1 - d) = 120 - 40 * 0.09 = 116.4 pixels there.
  int best_period = 0;
  double best_difference = 1e9;
  for (int period = 120 - 41; period <= 120; ++period) {
    double difference = 0;
    for (int y = 20; y < 60; ++y)
      for (int x = 120 + period; x < 120 + 300; ++x)
        difference += max_channel_difference(image.at(x, y), image.at(x - period, y));
    difference /= 40.0 * (300 - period);
    if (difference < best_difference) {
      best_difference = difference;
      best_period = period;
    }
  }
  EXPECT_NEAR(best_period, 116.4, 1.0);
}

TEST(EndToEnd, ListDevicesNamesThePlatforms) {
  const ProgramResult result = run_stereocl({"--hidden", "--list-devices"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out.find("platform 0:") != std::string::npos ||
              result.out.find("no OpenCL platform") != std::string::npos)
      << result.out;
}

TEST(EndToEnd, BenchWritesJsonForEveryModeThatRuns) {
  const std::string json = scratch_file("bench.json");
  const ProgramResult result =
      run_stereocl({"--bench", "--size", "96x64", "--frames", "5", "--bench-repeat", "1", "--json", json});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string text = testing::read_text(json);
  // The full layout is checked against docs/bench-schema.json by tests/bench_json_test.py.
  for (const char* key : {"\"schema_version\"", "\"renderer\"", "\"device\"", "\"gl_sharing\"", "\"modes\"", "\"fps\"", "\"p95\"",
                          "\"stereogram\"", "\"transfer\"", "\"mode\": \"scene\"", "\"mode\": \"cpu\""})
    EXPECT_NE(text.find(key), std::string::npos) << key << " in " << text;
  EXPECT_NE(result.out.find("vs Scene"), std::string::npos) << result.out;
}

// A floor whose hand-over ran in the bench is measured; one that did not run says why not.
void check_floor(const nlohmann::json& report, const nlohmann::json& floor, const std::string& label) {
  bool ran = false;
  for (const auto& mode : report["modes"])
    ran |= mode["mode"] == floor["mode"] && mode["interop_sync"] == floor["interop_sync"];
  if (!ran) {
    ASSERT_TRUE(floor.contains("skipped"));
    EXPECT_FALSE(floor["skipped"].get<std::string>().empty());
    std::printf("[   INFO   ] %s floor not measured here: %s\n", label.c_str(),
                floor["skipped"].get<std::string>().c_str());
    return;
  }
  ASSERT_FALSE(floor.contains("skipped")) << floor["skipped"];
  EXPECT_EQ(floor["frames"], 20);
  EXPECT_GT(floor["round_trip_ms"].get<double>(), 0.0);
  EXPECT_GT(floor["gl_only_ms"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(floor["floor_ms"].get<double>(),
                   floor["round_trip_ms"].get<double>() - floor["gl_only_ms"].get<double>());
}

void check_mode_names_its_floor(const nlohmann::json& mode, const nlohmann::json& floors) {
  const auto floor = std::find_if(floors.begin(), floors.end(), [&](const auto& f) {
    return f["mode"] == mode["mode"] && f["interop_sync"] == mode["interop_sync"] && !f.contains("skipped");
  });
  const bool one_hand_over = floor != floors.end() && mode["interop_batch"] != false;
  ASSERT_EQ(mode.contains("handover_floor"), one_hand_over);
  if (!one_hand_over) return;
  EXPECT_EQ(mode["handover_floor"], (*floor)["label"]);
  EXPECT_DOUBLE_EQ(mode["gpu_idle_above_floor_ms"].get<double>(),
                   mode["gpu_idle_ms"].get<double>() - (*floor)["floor_ms"].get<double>());
}

// A floor is measured through the mode's own hand-over code, whose last frame's value must come
// back through GL (else the entry would say the hand-over did not order the two APIs): so every
// hand-over that ran in the bench has a measured floor, and one that could not run says why.
TEST(EndToEnd, BenchMeasuresTheHandOverFloorOfEveryHandOverThatRanOrSaysWhyNot) {
  const std::string path = scratch_file("bench-floor.json");
  const ProgramResult result = run_stereocl({"--bench", "--size", "80x48", "--frames", "20", "--bench-repeat", "1",
                                             "--interop-sync", "all", "--json", path});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto report = nlohmann::json::parse(testing::read_text(path));
  ASSERT_TRUE(report.contains("handover_floors")) << report.dump(1);
  const auto& floors = report["handover_floors"];
  std::set<std::string> floor_labels;
  for (const auto& floor : floors) {
    const std::string label = floor["label"];
    SCOPED_TRACE(label);
    floor_labels.insert(label);
    check_floor(report, floor, label);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(floor_labels, (std::set<std::string>{"gpu/finish", "gpu/fence", "gpu/implicit", "gpu-extmem"}));
  // A mode's frames that ran one measured hand-over each name its floor, with their idle above it
  // (which frames pair with which floor: tests/bench_report_test.cpp).
  for (const auto& mode : report["modes"]) {
    SCOPED_TRACE(mode["label"].get<std::string>());
    check_mode_names_its_floor(mode, floors);
    if (HasFatalFailure()) return;
  }
  EXPECT_NE(result.out.find("hand-over floor"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace stereocl
