// CPU-readback mode on every OpenCL device of this machine (PoCL and Mesa's rusticl in CI, another
// compiler with its own images and atomics), on the demo's own animated scene: each device draws
// CPU mode's picture, for both algorithms and every effect.
#include "cl_test_device.hpp"
#include "files/picture/image_file.hpp"
#include "pipeline/plan/effects.hpp"
#include "render/pixel_transfer.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

int worst_channel_difference(const RgbaImage& a, const RgbaImage& b) {
  int worst = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    worst = std::max({worst, std::abs(a.pixels[i].r - b.pixels[i].r), std::abs(a.pixels[i].g - b.pixels[i].g),
                      std::abs(a.pixels[i].b - b.pixels[i].b)});
  return worst;
}

// The animated scene after 7 frames, as `mode` draws it; empty (with the reason in `why_not`)
// where the mode or device cannot run.
RgbaImage animated(const std::string& mode, const std::string& algorithm, const std::string& effect,
                   const std::string& device, std::string& why_not) {
  const std::string out = scratch_file("every-device-" + mode + "-" + algorithm + "-" + effect + "-" +
                                       (device.empty() ? "none" : device.substr(0, device.find(':'))) + ".png");
  std::vector<std::string> arguments = {"--hidden", "--algorithm", algorithm, "--size", "300x170", "--frames", "7",
                                        "--no-pipeline", "--mode", mode, "--effect", effect, "--screenshot", out};
  if (!device.empty()) arguments.insert(arguments.end(), {"--cl-device", device});
  const ProgramResult result = run_stereocl(arguments);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  if (result.exit_code != 0 || result.err.find("unavailable") != std::string::npos) {
    why_not = result.err;
    return {};
  }
  return testing::read_png(out);
}

// An effect's CPU reference on a screenshot (the effects see GL's rows, bottom first).
RgbaImage cpu_effect_of(const EffectRow& row, RgbaImage picture) {
  flip_rows(picture);
  RgbaImage result = row.cpu(picture, EffectSettings{&row}, 1);
  flip_rows(result);
  return result;
}

class EveryDevice : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

// Without an effect, either algorithm's picture is CPU mode's to the byte (the kernels are
// bit-exact, and the compose reads whole texels or blends in the host's integers). With one, CPU
// mode's picture is held exactly to the effect's CPU reference on CPU mode's own picture, and
// each device's to CPU mode's: with the case without an effect, the device's effect is its CPU
// reference on the device's picture, with one run of the device a case.
TEST_P(EveryDevice, CpuReadbackDrawsCpuModesPicture) {
  const auto& [algorithm, effect] = GetParam();
  const auto devices = testing::every_cl_test_device();
  if (devices.empty()) GTEST_SKIP() << "no OpenCL device on this machine";
  std::string why_not;
  const RgbaImage cpu = animated("cpu", algorithm, effect, "", why_not);
  ASSERT_FALSE(cpu.empty()) << why_not;
  if (const EffectRow* row = find_effect(effect)) {
    const RgbaImage plain = animated("cpu", algorithm, "none", "", why_not);
    ASSERT_FALSE(plain.empty()) << why_not;
    EXPECT_TRUE(cpu.pixels == cpu_effect_of(*row, plain).pixels) << effect << " in CPU mode differs from its CPU reference";
  }
  for (const testing::ClTestDeviceName& device : devices) {
    SCOPED_TRACE(device.index + " " + device.name);
    const RgbaImage picture = animated("cpu-readback", algorithm, effect, device.index, why_not);
    if (picture.empty()) {
      ADD_FAILURE() << "CPU-readback did not run on " << device.name << ": " << why_not;
      continue;
    }
    ASSERT_EQ(picture.pixels.size(), cpu.pixels.size());
    EXPECT_EQ(worst_channel_difference(picture, cpu), 0) << "differs from CPU mode with effect " << effect;
  }
}

std::vector<std::string> every_effect() {
  std::vector<std::string> names = {"none"};
  for (const EffectRow& row : effect_table()) names.emplace_back(row.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(AlgorithmsAndEffects, EveryDevice,
                         ::testing::Combine(::testing::Values("symmetric", "lookup"), ::testing::ValuesIn(every_effect())),
                         [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

}  // namespace
}  // namespace stereocl
