// --convergence-dot-size, end to end: the command line's value reaches the window's dots through
// the one StageSettings value (pipeline/stage_settings.hpp), and the panel's slider is its row's.
#include "config/options.hpp"
#include "config/settings_table.hpp"
#include "pipeline/engine.hpp"
#include "hidden_window.hpp"
#include "parsed_options.hpp"
#include "render/pixel_transfer.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

// Pixels the dots cover: the window with them against the same frame without.
long long dot_pixels(Engine& engine, int width, int height) {
  const auto drawn = [&](bool dots) {
    engine.settings().stage.convergence_dots = dots;
    engine.present(width, height);
    return read_rgba(0, GL_BACK, width, height);
  };
  const RgbaImage with = drawn(true), without = drawn(false);
  long long differing = 0;
  for (std::size_t i = 0; i < with.pixels.size(); ++i)
    differing += with.pixels[i].r != without.pixels[i].r || with.pixels[i].g != without.pixels[i].g;
  return differing;
}

TEST(ConvergenceDotSize, TheCommandLinesSizeReachesTheWindowsDots) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 360, 240);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  const Options options = testing::parsed({"--mode", "cpu", "--size", "200x150", "--convergence-dot-size", "2"});
  EXPECT_EQ(options.stage.convergence_dot_size, 2.0f);
  Engine engine(options, ClSetup{});
  ASSERT_TRUE(engine.render_frame(1.0 / 60.0).ok());
  int width = 0, height = 0;
  window->framebuffer_size(width, height);
  const long long twice = dot_pixels(engine, width, height);
  engine.settings().stage.convergence_dot_size = 1.0f;  // as the panel's slider sets it
  const long long once = dot_pixels(engine, width, height);
  EXPECT_GT(once, 0);
  EXPECT_GT(twice, 3 * once) << "twice as wide is about four times the area";
  EXPECT_EQ(Options{}.stage.convergence_dot_size, 1.0f) << "the row's default";
}

TEST(ConvergenceDotSize, IsOnTheShowTabAndRefusedOutsideItsRange) {
  const Setting& row = setting_named("convergence_dot_size");
  EXPECT_TRUE(row.panel.on_show_tab);
  EXPECT_EQ(row.json, "convergence_dot_size");
  for (const char* refused : {"0.1", "4", "nan"}) {
    const auto parsed = parse_command_line({"--convergence-dot-size", refused});
    ASSERT_FALSE(parsed) << refused;
    EXPECT_NE(parsed.error().find("--convergence-dot-size"), std::string::npos) << parsed.error();
  }
}

}  // namespace
}  // namespace stereocl
