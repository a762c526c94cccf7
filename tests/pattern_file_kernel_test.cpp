// Issue 9, finding 5: with --pattern FILE the OpenCL kernels were built with the default P = 85
// before the file set P, so a --max-offset valid for the file's width but >= 84 disabled
// CPU-readback and GPU for the session. Now P and M are kernel arguments (docs/design.md), and a
// pattern file is scaled to P (--pattern-width); this test runs the binary with a pattern file
// and such a pair and guards that it stays so.
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <random>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

std::string pattern_120_png() {
  RgbaImage pattern(120, 37);
  std::mt19937 random(9);
  for (Rgba8& pixel : pattern.pixels)
    pixel = Rgba8{static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random()), 255};
  return testing::write_png("pattern-120.png", pattern);
}

ProgramResult shot(const std::string& mode, const std::string& out) {
  return run_stereocl({"--hidden", "--algorithm", "lookup", "--frames", "2", "--mode", mode, "--pattern", pattern_120_png(), "--pattern-width", "120", "--depth",
                       testing::write_ramp_png("slope-depth.png", 211, 43), "--max-offset", "100", "--screenshot", out});
}

TEST(PatternFileKernel, MaxOffsetValidOnlyForThePatternsWidthRunsCpuReadback) {
  const std::string reference = scratch_file("p120-cpu.png"), candidate = scratch_file("p120-cpu-readback.png");
  const ProgramResult cpu = shot("cpu", reference);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  const ProgramResult readback = shot("cpu-readback", candidate);
  if (readback.err.find("no OpenCL") != std::string::npos) GTEST_SKIP() << "no OpenCL here: " << readback.err;
  ASSERT_EQ(readback.exit_code, 0) << readback.err;
  EXPECT_EQ(readback.err, "") << "CPU-readback refused a pair valid for P = 120";
  const RgbaImage a = testing::read_png(reference), b = testing::read_png(candidate);
  ASSERT_EQ(b.width, 211 + 120);
  ASSERT_EQ(a.width, b.width);
  ASSERT_EQ(a.height, b.height);
  // As the modes-agree tests: exactly (the compositor blends in the host's integers).
  int worst = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    worst = std::max({worst, std::abs(a.pixels[i].r - b.pixels[i].r), std::abs(a.pixels[i].g - b.pixels[i].g),
                      std::abs(a.pixels[i].b - b.pixels[i].b)});
  EXPECT_EQ(worst, 0);
}

}  // namespace
}  // namespace stereocl
