// The stereocl binary with --algorithm symmetric, run as a user would: a picture as wide as the
// depth, one that repeats at the separation its depth asks for, and the same picture, to the
// bit, from the CPU and from the OpenCL kernel.
#include "files/picture/image_file.hpp"
#include "run_program.hpp"
#include "stereogram_pictures.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

constexpr int kPatternWidth = 85;    // the defaults: far separation P
constexpr double kMaxOffset = 30.0;  // and P - M at the nearest point

// White is near: grey g is depth 1 - g/255, separation P - M(1 - depth).
double separation_of_grey(int grey) { return kPatternWidth - kMaxOffset * grey / 255.0; }

ProgramResult symmetric_screenshot(const std::string& mode, const std::string& depth, const std::string& out,
                                   const std::string& batch = "on") {
  return run_stereocl({"--hidden", "--algorithm", "symmetric", "--mode", mode, "--depth", depth, "--frames", "2",
                       "--screenshot", out, "--interop-batch", batch});
}

// Three bands side by side, far, half way and near: steps the decoder must tell apart.
constexpr int kBand = 200;
constexpr int kBandGreys[] = {0, 128, 255};

std::string stepped_depth_png() {
  static const std::string path = [] {
    RgbaImage steps(3 * kBand, 60);
    for (int y = 0; y < steps.height; ++y)
      for (int x = 0; x < steps.width; ++x) {
        const auto grey = static_cast<std::uint8_t>(kBandGreys[x / kBand]);
        steps.at(x, y) = Rgba8{grey, grey, grey, 255};
      }
    return testing::write_png("symmetric-steps.png", steps);
  }();
  return path;
}

// The fraction of pixels equal, to the bit, to the one `period` to their left.
double exact_repeats(const RgbaImage& image, int period) {
  long same = 0, total = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = period; x < image.width; ++x, ++total) same += image.at(x, y) == image.at(x - period, y);
  return total ? static_cast<double>(same) / static_cast<double>(total) : 0.0;
}

TEST(SymmetricEndToEnd, FlatDepthRepeatsAtItsSeparationAndIsAsWideAsTheDepth) {
  for (const int grey : {0, 51}) {  // the far plane (P), and depth 0.8 (P - 0.2 M = 79)
    const std::string out = scratch_file("symmetric-flat-" + std::to_string(grey) + ".png");
    const ProgramResult result = symmetric_screenshot("cpu", testing::write_grey_png("flat-" + std::to_string(grey) + ".png",
                                                                                     203, 61, static_cast<std::uint8_t>(grey)),
                                                      out);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const RgbaImage image = testing::read_png(out);
    EXPECT_EQ(image.width, 203);
    EXPECT_EQ(image.height, 61);
    const int period = static_cast<int>(std::lround(separation_of_grey(grey)));
    EXPECT_GT(exact_repeats(image, period), 0.99) << "grey " << grey;
    EXPECT_LT(exact_repeats(image, period + 3), 0.2) << "grey " << grey;
  }
}

TEST(SymmetricEndToEnd, SteppedDepthDecodesToEachStepsSeparation) {
  const std::string out = scratch_file("symmetric-steps-cpu.png");
  const ProgramResult result = symmetric_screenshot("cpu", stepped_depth_png(), out);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(out);
  ASSERT_EQ(picture.width, 3 * kBand);
  for (int band = 0; band < 3; ++band) {
    // The picture at x repeats with the separation of the point half a period to its left, so
    // the band's centre decodes its own depth.
    const int x = band * kBand + kBand / 2;
    const double expected = separation_of_grey(kBandGreys[band]);
    for (int y = 5; y < picture.height - 5; y += 10) {
      const int period = testing::decode_period(picture, x, y, kPatternWidth - static_cast<int>(kMaxOffset) - 1, kPatternWidth);
      ASSERT_GE(period, 0) << "no period at " << x << "," << y;
      EXPECT_LE(std::abs(period - expected), 1.0) << "band " << band << " at " << x << "," << y;
    }
  }
}

TEST(SymmetricEndToEnd, TheScenesPictureIsTheSceneSize) {
  const std::string out = scratch_file("symmetric-scene.png");
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "symmetric", "--mode", "cpu", "--size", "301x123",
                                             "--frames", "3", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage image = testing::read_png(out);
  EXPECT_EQ(image.width, 301);
  EXPECT_EQ(image.height, 123);
}

// The kernel is bit-exact with the CPU version, and the compositor reads whole pattern pixels
// from both, so the screenshots must be identical, not merely close. GPU mode composes in OpenCL
// (--interop-batch on, the default) or in GL (off): the same whole texels either way.
void expect_identical_to_cpu(const std::string& mode, const std::string& batch = "on") {
  const std::string reference = scratch_file("symmetric-steps-cpu-ref.png");
  const std::string candidate = scratch_file("symmetric-steps-" + mode + "-batch-" + batch + ".png");
  const ProgramResult cpu = symmetric_screenshot("cpu", stepped_depth_png(), reference);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  const ProgramResult other = symmetric_screenshot(mode, stepped_depth_png(), candidate, batch);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  if (other.err.find("unavailable") != std::string::npos) GTEST_SKIP() << mode << " cannot run here: " << other.err;
  const RgbaImage a = testing::read_png(reference), b = testing::read_png(candidate);
  ASSERT_EQ(a.width, b.width);
  ASSERT_EQ(a.height, b.height);
  EXPECT_TRUE(a.pixels == b.pixels) << mode << " differs from cpu";
}

TEST(SymmetricEndToEnd, CpuReadbackIsIdenticalToCpu) { expect_identical_to_cpu("cpu-readback"); }
TEST(SymmetricEndToEnd, GpuIsIdenticalToCpu) { expect_identical_to_cpu("gpu"); }
TEST(SymmetricEndToEnd, GpuStepByStepIsIdenticalToCpu) { expect_identical_to_cpu("gpu", "off"); }

TEST(SymmetricEndToEnd, AnimatedSceneCpuReadbackIsIdenticalToCpu) {
  const std::vector<std::string> common = {"--hidden", "--algorithm", "symmetric", "--size", "300x170", "--frames", "7",
                                           "--no-pipeline"};
  const std::string reference = scratch_file("symmetric-animated-cpu.png");
  const std::string candidate = scratch_file("symmetric-animated-readback.png");
  auto arguments = common;
  arguments.insert(arguments.end(), {"--mode", "cpu", "--screenshot", reference});
  ASSERT_EQ(run_stereocl(arguments).exit_code, 0);
  arguments = common;
  arguments.insert(arguments.end(), {"--mode", "cpu-readback", "--screenshot", candidate});
  const ProgramResult other = run_stereocl(arguments);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  if (other.err.find("unavailable") != std::string::npos) GTEST_SKIP() << "cpu-readback cannot run here: " << other.err;
  EXPECT_TRUE(testing::read_png(reference).pixels == testing::read_png(candidate).pixels);
}

TEST(SymmetricBadInput, ANearestSeparationBelowTwoPixelsIsRefusedInOneLine) {
  const ProgramResult result = run_stereocl({"--hidden", "--algorithm", "symmetric", "--pattern-width", "4",
                                             "--max-offset", "2.5", "--frames", "1"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--algorithm symmetric"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("at least 2 px"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << result.err;
}

}  // namespace
}  // namespace stereocl
