// The panel's "Benchmark this mode": the --bench loop for the current mode for a set time,
// leaving the live panel's state as it found it.
#include "config/options.hpp"
#include "bench/bench.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(QuickBench, MeasuresTheCurrentModeForAboutTheTimeAskedAndRestoresThePanel) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  Options options;
  options.size = Size{160, 90};
  options.mode = Mode::cpu;
  Engine demo(options, open_opencl(window->share_handles(), ""));
  demo.settings().mode = Mode::cpu;
  ASSERT_TRUE(demo.render_frame(1.0 / 60.0).ok());
  const auto started = std::chrono::steady_clock::now();
  const Result<QuickBench> measured = bench_current_mode(demo, 0.3);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_TRUE(measured) << measured.error();
  EXPECT_GE(measured->frames, 10);
  EXPECT_GT(measured->fps, 0.0);
  EXPECT_GT(measured->frame_ms, 0.0);
  // fps counts frames over at least the 0.3 s asked for, so it can never exceed frames / 0.3.
  // (Its ratio to the median frame time depends on the machine's load: not asserted.)
  EXPECT_LE(measured->fps, measured->frames / 0.3);
  EXPECT_GE(seconds, 0.3);
  EXPECT_LT(seconds, 10.0);
  EXPECT_TRUE(demo.settings().stage.show_panel);
  EXPECT_EQ(demo.settings().mode, Mode::cpu);
}

}  // namespace
}  // namespace stereocl
