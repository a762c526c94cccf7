// Issue 9, finding 3: a size the OpenCL device's images cannot hold greys the modes that need
// them, with the numbers, before any image is made, and the program runs in a mode that can
// instead of exiting with a bare "clCreateImage".
#include "ui/key_bindings.hpp"
#include "pipeline/backends/image_limit.hpp"
#include "pipeline/mode_table.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

constexpr ImageLimit kPocl8{8192, 8192};  // what PoCL reports under POCL_MEMORY_LIMIT=8

TEST(ImageLimit, OneColumnPastTheLimitGreysTheDeviceModesWithTheNumbers) {
  const ModeAvailability at = availability_at_size({}, kPocl8, {8108, 1, 85});
  EXPECT_TRUE(at.available(Mode::scene));
  EXPECT_TRUE(at.available(Mode::cpu));
  ASSERT_FALSE(at.available(Mode::cpu_readback));
  ASSERT_FALSE(at.available(Mode::gpu));
  EXPECT_EQ(request_mode(Mode::cpu_readback, at).error(),
            "CPU-readback mode is unavailable: a 8193 x 1 image exceeds this OpenCL device's 8192 x 8192 image limit");
}

TEST(ImageLimit, TheLimitItselfFits) {
  const ModeAvailability at = availability_at_size({}, kPocl8, {8107, 8192, 85});
  EXPECT_TRUE(at.available(Mode::cpu_readback));
  EXPECT_TRUE(at.available(Mode::gpu));
}

TEST(ImageLimit, HeightIsCheckedToo) {
  EXPECT_EQ(image_limit_allows(Mode::cpu_readback, kPocl8, {16, 8193, 85}).error(),
            "a 101 x 8193 image exceeds this OpenCL device's 8192 x 8192 image limit");
  EXPECT_EQ(image_limit_allows(Mode::cpu_readback, {8192, 4096}, {100, 4097, 85}).error(),
            "a 185 x 4097 image exceeds this OpenCL device's 8192 x 4096 image limit");
}

TEST(ImageLimit, ThePatternWidthCountsAndIsNotAssumed) {
  EXPECT_FALSE(image_limit_allows(Mode::gpu, kPocl8, {8100, 10, 93}));
  EXPECT_TRUE(image_limit_allows(Mode::gpu, kPocl8, {8100, 10, 92}));
}

TEST(ImageLimit, ModesWithoutDeviceImagesAndMachinesWithoutADeviceAreNotLimited) {
  EXPECT_TRUE(image_limit_allows(Mode::cpu, kPocl8, {100000, 100000, 85}));
  EXPECT_TRUE(image_limit_allows(Mode::scene, kPocl8, {100000, 100000, 85}));
  EXPECT_TRUE(image_limit_allows(Mode::cpu_readback, {}, {100000, 1, 85}));
}

TEST(ImageLimit, AnEngineReasonIsKeptRatherThanReplacedBySizeOne) {
  ModeAvailability engines;
  engines.disable(Mode::gpu, "no GL sharing");
  EXPECT_EQ(availability_at_size(engines, kPocl8, {9000, 1, 85}).reason(Mode::gpu), "no GL sharing");
}

// The key path: pressing 3 at a size CPU-readback cannot hold is refused with the reason, and the
// mode stays as it was.
TEST(ImageLimit, TheModeKeyIsRefusedWithTheReason) {
  const ModeAvailability at = availability_at_size({}, kPocl8, {8108, 1, 85});
  DemoSettings settings;
  settings.mode = Mode::cpu;
  const Status done = apply_action(*action_for_key(mode_row(Mode::cpu_readback).key), settings, at);
  ASSERT_FALSE(done);
  EXPECT_NE(done.error().find("8193 x 1 image exceeds this OpenCL device's 8192 x 8192"), std::string::npos) << done.error();
  EXPECT_EQ(settings.mode, Mode::cpu);
}

// What the first OpenCL device reports under `environment`; 0 where there is none.
long long reported_image_width(const std::string& environment) {
  const ProgramResult listed = run_stereocl({"--list-devices", "--json"}, environment);
  std::smatch match;
  if (!std::regex_search(listed.out, match, std::regex("\"image2d_max_width\": *([0-9]+)"))) return 0;
  return std::stoll(match[1]);
}

// End to end, as issue 9 reproduced it: POCL_MEMORY_LIMIT=8 lowers PoCL's image limit to 8192.
void expect_cpu_picture_with_reason(const std::vector<std::string>& mode_arguments, const std::string& name,
                                    const std::string& environment = "POCL_MEMORY_LIMIT=8") {
  const long long limit = reported_image_width(environment);
  if (limit == 0) GTEST_SKIP() << "no OpenCL device here";
  if (limit >= 16384) GTEST_SKIP() << "this device's image limit " << limit << " is not below GL's textures";
  const std::string size = std::to_string(limit - 85 + 1) + "x1";  // with lookup's P-wide strip, one column past the limit
  const std::string reference = scratch_file("limit-cpu.png"), candidate = scratch_file("limit-" + name + ".png");
  const ProgramResult cpu =
      run_stereocl({"--hidden", "--algorithm", "lookup", "--frames", "2", "--size", size, "--mode", "cpu", "--screenshot", reference}, environment);
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  std::vector<std::string> arguments = {"--hidden", "--algorithm", "lookup", "--frames", "2", "--size", size, "--screenshot", candidate};
  arguments.insert(arguments.end(), mode_arguments.begin(), mode_arguments.end());
  const ProgramResult run = run_stereocl(arguments, environment);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string numbers = "a " + std::to_string(limit + 1) + " x 1 image exceeds this OpenCL device's " +
                              std::to_string(limit) + " x ";
  EXPECT_NE(run.err.find("CPU-readback mode is unavailable: " + numbers), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("running CPU mode instead"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line: " << run.err;
  EXPECT_EQ(run.err.find("clCreateImage"), std::string::npos) << run.err;
  const RgbaImage a = testing::read_png(reference), b = testing::read_png(candidate);
  EXPECT_EQ(b.width, limit + 1);
  EXPECT_TRUE(a.pixels == b.pixels) << "not CPU mode's picture";
}

TEST(ImageLimitEndToEnd, CpuReadbackAskedForFallsBackToCpuWithTheNumbers) {
  expect_cpu_picture_with_reason({"--mode", "cpu-readback"}, "cpu-readback");
}

TEST(ImageLimitEndToEnd, TheDefaultModeFallsBackToCpuWithTheNumbers) { expect_cpu_picture_with_reason({}, "default"); }

// Many Intel and AMD integrated GPUs allow 2D images of 4096 or 8192 pixels a side, below GL's
// textures: the fault shim makes the device report 4096, and every OpenCL mode must say so and
// fall back, on whichever device the program picks.
TEST(ImageLimitEndToEnd, ASmallDevicesImageLimitFallsBackToCpuWithTheNumbers) {
  const std::string shim = "ASAN_OPTIONS=\"${ASAN_OPTIONS:-}:verify_asan_link_order=0\" LD_PRELOAD=" +
                           testing::shell_quote(STEREOCL_CL_FAULT_SHIM) + " STEREOCL_LIMIT_IMAGE2D=4096";
  ASSERT_EQ(reported_image_width(shim) == 0 ? 0 : 4096, reported_image_width(shim)) << "the shim's limit did not take";
  expect_cpu_picture_with_reason({"--mode", "cpu-readback"}, "small-device", shim);
}

}  // namespace
}  // namespace stereocl
