// An OpenCL call that fails mid-run -- a device out of resources, a reset -- must not end the
// program: the error is named by its CL_* code, and the run goes on in a mode that works. The
// failure is real: tests/cl_fault/cl_fault_shim.c, preloaded, makes clEnqueueNDRangeKernel return
// the driver's error after a number of launches, under the unchanged binary.
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

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

// Without the shim nothing fails: the test's own premise.
TEST(ClFailure, WithoutTheShimNothingFails) {
  const ProgramResult clean = animated_run("cpu-readback", scratch_file("cl-failure-none.png"));
  EXPECT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(clean.err.find("mode failed"), std::string::npos) << clean.err;
}

}  // namespace
}  // namespace stereocl
