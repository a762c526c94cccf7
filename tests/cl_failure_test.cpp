// An OpenCL call that fails mid-run -- a device out of resources, a reset -- must not end the
// program: the error is named by its CL_* code, and the run goes on in a mode that works. The
// failure is real: tests/cl_fault/cl_fault_shim.c, preloaded, makes clEnqueueNDRangeKernel return
// the driver's error after a number of launches, under the unchanged binary.
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

constexpr int kFrames = 12;

// Unpipelined, so that the last picture can be compared with CPU mode's after as many frames.
ProgramResult animated_run(const std::string& mode, const std::string& screenshot, const std::string& environment = "",
                           const std::string& pipelining = "--no-pipeline") {
  return run_stereocl({"--hidden", "--algorithm", "lookup", "--size", "240x135", "--frames", std::to_string(kFrames),
                       "--mode", mode, "--screenshot", screenshot, pipelining},
                      environment);
}

// The shim; ASan insists on coming first in the library list, which a preload would break, so
// the sanitizer build is told the order is intended (added to the options the suite runs with).
// STEREOCL_CL_FAULT_SHIM points at a copy elsewhere (the lent GPU machine).
std::string failing_after(int launches, const std::string& code = "") {
  const char* moved = std::getenv("STEREOCL_CL_FAULT_SHIM");
  return "ASAN_OPTIONS=\"${ASAN_OPTIONS:-}:verify_asan_link_order=0\" LD_PRELOAD=" + testing::shell_quote(moved ? moved : STEREOCL_CL_FAULT_SHIM) +
         " STEREOCL_FAULT_AFTER=" + std::to_string(launches) + (code.empty() ? "" : " STEREOCL_FAULT_CODE=" + code);
}

void expect_carries_on_in_cpu_mode(const std::string& mode, const std::string& mode_name) {
  const std::string reference = scratch_file("cl-failure-cpu.png"), candidate = scratch_file("cl-failure-" + mode + ".png");
  const ProgramResult cpu = animated_run("cpu", reference);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  const ProgramResult clean = animated_run(mode, candidate);
  if (clean.err.find("unavailable") != std::string::npos || clean.err.find("cannot") != std::string::npos)
    GTEST_SKIP() << mode << " cannot run here: " << clean.err;

  // Three launches go through (the first frames draw in this mode), then every launch fails.
  const ProgramResult failed = animated_run(mode, candidate, failing_after(3));
  EXPECT_EQ(failed.exit_code, 0) << failed.err;
  EXPECT_NE(failed.err.find(mode_name + " mode failed"), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("CL_OUT_OF_RESOURCES"), std::string::npos) << failed.err;
  EXPECT_EQ(failed.err.find("terminate"), std::string::npos) << failed.err;
  // The frames after the failure were drawn in CPU mode, and the last one is CPU mode's picture.
  const RgbaImage expected = testing::read_png(reference), shown = testing::read_png(candidate);
  ASSERT_EQ(expected.width, shown.width);
  ASSERT_EQ(expected.height, shown.height);
  EXPECT_TRUE(expected.pixels == shown.pixels) << "the picture after the failure is not CPU mode's";
}

TEST(ClFailure, CpuReadbackFailingMidRunCarriesOnInCpuMode) { expect_carries_on_in_cpu_mode("cpu-readback", "CPU-readback"); }
TEST(ClFailure, GpuFailingMidRunCarriesOnInCpuMode) { expect_carries_on_in_cpu_mode("gpu", "GPU"); }

// Scene mode uses OpenCL only for its effect (and the panel's histogram): when that fails (a
// 16384-pixel scene over PoCL's image limit did), Scene mode stays and the CPU runs the effect,
// so the last picture is the lit scene with CPU mode's Sobel.
TEST(ClFailure, SceneModesEffectFailingCarriesOnInSceneModeOnTheCpu) {
  const std::string shot = scratch_file("cl-failure-scene.png"), reference = scratch_file("cl-failure-scene-cpu.png");
  const std::vector<std::string> scene = {"--hidden", "--size", "240x135", "--frames", "4", "--mode", "scene", "--effect", "sobel"};
  auto with = [&](const std::string& path) {
    std::vector<std::string> arguments = scene;
    arguments.insert(arguments.end(), {"--screenshot", path});
    return arguments;
  };
  const ProgramResult clean = run_stereocl(with(reference), "OCL_ICD_VENDORS=/nonexistent");  // the CPU's Sobel
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  const ProgramResult failed = run_stereocl(with(shot), failing_after(0));
  EXPECT_EQ(failed.exit_code, 0) << failed.err;
  if (failed.err.empty()) GTEST_SKIP() << "no OpenCL device here: Scene mode's effect ran on the CPU from the start";
  EXPECT_NE(failed.err.find("Scene mode's effects and histogram failed in OpenCL"), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("the CPU runs them from now on"), std::string::npos) << failed.err;
  EXPECT_EQ(failed.err.find("running CPU mode"), std::string::npos) << failed.err;
  EXPECT_TRUE(testing::read_png(reference).pixels == testing::read_png(shot).pixels) << "not the scene with the CPU's Sobel";
}

// The default, pipelined, path fails the same way: named, and on in CPU mode to the last frame
// (whose picture is not compared: the pipeline's frames lag the ball by one).
void expect_pipelined_carries_on(const std::string& mode, const std::string& mode_name) {
  const std::string shot = scratch_file("cl-failure-pipelined-" + mode + ".png");
  const ProgramResult clean = animated_run(mode, shot, "", "--pipeline");
  if (clean.err.find("unavailable") != std::string::npos || clean.err.find("cannot") != std::string::npos)
    GTEST_SKIP() << mode << " cannot run here: " << clean.err;
  const ProgramResult failed = animated_run(mode, shot, failing_after(3), "--pipeline");
  EXPECT_EQ(failed.exit_code, 0) << failed.err;
  EXPECT_NE(failed.err.find(mode_name + " mode failed"), std::string::npos) << failed.err;
  EXPECT_EQ(failed.err.find("terminate"), std::string::npos) << failed.err;
  EXPECT_EQ(testing::read_png(shot).height, 135);
}

TEST(ClFailure, PipelinedCpuReadbackFailingMidRunCarriesOn) { expect_pipelined_carries_on("cpu-readback", "CPU-readback"); }
TEST(ClFailure, PipelinedGpuFailingMidRunCarriesOn) { expect_pipelined_carries_on("gpu", "GPU"); }

// Another code is named as itself: the message reads the driver's answer, not a fixed text.
TEST(ClFailure, TheErrorIsNamedByItsCode) {
  const std::string shot = scratch_file("cl-failure-code.png");
  const ProgramResult clean = animated_run("cpu-readback", shot);
  if (clean.err.find("unavailable") != std::string::npos) GTEST_SKIP() << "CPU-readback cannot run here: " << clean.err;
  const ProgramResult failed = animated_run("cpu-readback", shot, failing_after(0, "-4"));
  EXPECT_EQ(failed.exit_code, 0) << failed.err;
  EXPECT_NE(failed.err.find("CL_MEM_OBJECT_ALLOCATION_FAILURE"), std::string::npos) << failed.err;
}

// A platform whose devices cannot be listed (a broken or half-installed driver) is passed over:
// start-up names it and its error in one line, --list-devices lists it with the error, and the
// run goes on with whatever else there is.
TEST(ClFailure, APlatformThatCannotListItsDevicesIsPassedOverInOneLine) {
  const std::string shim = failing_after(1000000) + " STEREOCL_FAIL_PLATFORM=Portable";
  // Scene mode opens OpenCL at start (for its effects; CPU mode would not) and runs without it.
  const ProgramResult run = run_stereocl({"--hidden", "--mode", "scene", "--size", "64x48", "--frames", "1"}, shim);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const std::string devices = run_stereocl({"--list-devices"}).out;
  if (devices.find("Portable Computing Language") == std::string::npos) GTEST_SKIP() << "PoCL is not installed here";
  if (devices.find("shares with this GL context") != std::string::npos)
    GTEST_SKIP() << "a device here shares with GL, and start-up takes it without listing other platforms' devices";
  EXPECT_NE(run.err.find("; passed over: Portable Computing Language: listing its devices failed: CL_OUT_OF_HOST_MEMORY"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line: " << run.err;
  const ProgramResult listed = run_stereocl({"--list-devices"}, shim);
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE((listed.out + listed.err).find("CL_OUT_OF_HOST_MEMORY"), std::string::npos) << listed.out << listed.err;
}

// Without the shim nothing fails: the test's own premise.
TEST(ClFailure, WithoutTheShimNothingFails) {
  const ProgramResult clean = animated_run("cpu-readback", scratch_file("cl-failure-none.png"));
  EXPECT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(clean.err.find("mode failed"), std::string::npos) << clean.err;
}

}  // namespace
}  // namespace stereocl
