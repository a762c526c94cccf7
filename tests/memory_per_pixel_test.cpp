// Issue 29's budget, for the program as a user runs it: Scene and CPU mode take at most 16 bytes
// a pixel of the largest image above a small run of the same kind, for a --size and for a depth
// map. Under Xvfb, GL is Mesa's llvmpipe, where every texture is host memory: GL's images count
// here too. The peak is the kernel's (wait4's ru_maxrss), of the program alone.
#include "files/picture/png_codec.hpp"
#include "sanitizers.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <fstream>
#include <string>
#include <vector>

extern char** environ;

namespace stereocl {
namespace {

constexpr int kSide = 3072;          // large enough that the host's bands (a few MiB) weigh little
constexpr double kBudgetBytes = 16;  // a pixel

struct Peak {
  int exit_code = -1;
  long kib = 0;
};

// The program's peak resident memory for `arguments`, its output thrown away.
Peak peak_of(std::vector<std::string> arguments) {
  const char* binary = std::getenv("STEREOCL_TEST_BINARY");
  arguments.insert(arguments.begin(), binary ? binary : STEREOCL_BINARY);
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (int stream : {0, 1, 2}) posix_spawn_file_actions_addopen(&actions, stream, "/dev/null", O_RDWR, 0);
  pid_t pid = 0;
  Peak peak;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) == pid && WIFEXITED(status)) peak = {WEXITSTATUS(status), usage.ru_maxrss};
  }
  posix_spawn_file_actions_destroy(&actions);
  return peak;
}

// A grey ramp as an 8-bit PNG: a depth map `side` pixels a side.
std::string ramp_png(int side) {
  RgbaImage ramp(side, side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) {
      const auto v = static_cast<std::uint8_t>((x + y) * 255 / (2 * side - 2));
      ramp.at(x, y) = {v, v, v, 255};
    }
  const std::string path = testing::scratch_file("ramp-" + std::to_string(side) + ".png");
  std::ofstream(path, std::ios::binary) << encode_png(ramp).value();
  return path;
}

// Bytes a pixel of the run at kSide over the same run at 64 x 48.
double bytes_a_pixel(const std::vector<std::string>& common, const std::vector<std::string>& large,
                     const std::vector<std::string>& small) {
  std::vector<std::string> large_run = common, small_run = common;
  large_run.insert(large_run.end(), large.begin(), large.end());
  small_run.insert(small_run.end(), small.begin(), small.end());
  const Peak base = peak_of(small_run), peak = peak_of(large_run);
  EXPECT_EQ(base.exit_code, 0);
  EXPECT_EQ(peak.exit_code, 0);
  return static_cast<double>(peak.kib - base.kib) * 1024.0 / (static_cast<double>(kSide) * kSide);
}

class MemoryPerPixel : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (testing::kUnderAddressSanitizer) GTEST_SKIP() << "AddressSanitizer's shadow memory is not the program's";
  }
  std::vector<std::string> common() const { return {"--hidden", "--frames", "1", "--mode", GetParam()}; }
};

TEST_P(MemoryPerPixel, ASizeTakesAtMostSixteenBytesAPixel) {
  const std::string side = std::to_string(kSide);
  EXPECT_LE(bytes_a_pixel(common(), {"--size", side + "x" + side}, {"--size", "64x48"}), kBudgetBytes);
}

TEST_P(MemoryPerPixel, ADepthMapTakesAtMostSixteenBytesAPixel) {
  EXPECT_LE(bytes_a_pixel(common(), {"--depth", ramp_png(kSide)}, {"--depth", ramp_png(64)}), kBudgetBytes);
}

INSTANTIATE_TEST_SUITE_P(Modes, MemoryPerPixel, ::testing::Values("scene", "cpu"));

}  // namespace
}  // namespace stereocl
