// --max-fps: where nothing paces the window (Xvfb, a virtual machine's display) it draws no faster
// than asked. Only a lower bound on the time is asserted, which no load on the machine can break.
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;

double seconds_to_run(const std::vector<std::string>& arguments, ProgramResult& result) {
  const auto start = std::chrono::steady_clock::now();
  result = run_stereocl(arguments);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(MaxFps, TheWindowDrawsNoFasterThanTheCap) {
  // 30 frames at 10 a second: 29 waits of a tenth of a second between the first and the last.
  ProgramResult paced;
  const double seconds = seconds_to_run(
      {"--hidden", "--mode", "scene", "--size", "64x36", "--no-vsync", "--frames", "30", "--max-fps", "10"}, paced);
  ASSERT_EQ(paced.exit_code, 0) << paced.err;
  EXPECT_GE(seconds, 2.9);
}

TEST(MaxFps, AbsurdCapsAreRefusedNamingTheRange) {
  for (const char* cap : {"-1", "1001"}) {
    const ProgramResult refused = run_stereocl({"--hidden", "--frames", "1", "--max-fps", cap});
    EXPECT_EQ(refused.exit_code, 2) << cap;
    EXPECT_NE(refused.err.find(std::string("--max-fps: Value ") + cap + " not in range 0 to 1000"), std::string::npos)
        << refused.err;
  }
}

}  // namespace
}  // namespace stereocl
