// The window as users see it, through the program's own --screenshot-window under Xvfb screens
// of several sizes: the panel sits beside the picture and never covers it, and the picture in
// the window is the --screenshot image pixel for pixel (1:1), or said to be resampled.
#include "config/options.hpp"
#include "render/convergence_dots.hpp"
#include "ui/panel.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {
namespace {

struct Shots {
  testing::ProgramResult run;
  RgbaImage window;
  RgbaImage picture;
};

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

// stereocl under an Xvfb screen of its own (`screen` as "1280x720"), with a fixed-step animation.
Shots run_on_screen(const std::string& screen, const std::string& name, std::vector<std::string> extra_arguments) {
  Shots shots;
  const std::string window = testing::scratch_file(name + "-window.png");
  const std::string picture = testing::scratch_file(name + "-picture.png");
  // The widths below are the lookup's, W + P: the layout is what is tested, not the algorithm.
  std::vector<std::string> arguments = {"--mode", "cpu", "--algorithm", "lookup", "--frames", "3", "--screenshot", picture, "--screenshot-window", window};
  arguments.insert(arguments.end(), extra_arguments.begin(), extra_arguments.end());
  shots.run = testing::run_stereocl(arguments, "xvfb-run -a -s '-screen 0 " + screen + "x24'");
  shots.window = testing::read_png(window);
  shots.picture = testing::read_png(picture);
  return shots;
}

bool matches_at(const RgbaImage& window, const RgbaImage& picture, int left, int top, long& different) {
  different = 0;
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x)
      if (!(window.at(left + x, top + y) == picture.at(x, y))) ++different;
  return different == 0;
}

// Where the whole picture appears pixel for pixel in the window, allowing `tolerated` pixels
// (the convergence dots, drawn over the top edge of a picture that fills the window).
std::optional<std::pair<int, int>> find_picture(const RgbaImage& window, const RgbaImage& picture, long tolerated = 0) {
  if (picture.empty() || picture.width > window.width || picture.height > window.height) return std::nullopt;
  const int probe_row = picture.height - 1;  // the bottom row: the dots are at the top
  for (int top = 0; top + picture.height <= window.height; ++top)
    for (int left = 0; left + picture.width <= window.width; ++left) {
      bool row_matches = true;
      for (int x = 0; x < std::min(picture.width, 64) && row_matches; ++x)
        row_matches = window.at(left + x, top + probe_row) == picture.at(x, probe_row);
      long different = 0;
      if (row_matches && (matches_at(window, picture, left, top, different) || different <= tolerated))
        return std::pair{left, top};
    }
  return std::nullopt;
}

// The pixels two convergence dots may cover over a picture that fills the window: two squares
// of their diameter, which is at least 1% of the picture's width (render/convergence_dots.hpp).
long dot_pixels(const RgbaImage& picture) {
  const long diameter = std::max(12L, static_cast<long>(picture.width) / 40);
  return 2 * diameter * diameter;
}

// The panel's pixels: a column left of the picture that is not the plain background.
bool panel_shows_left_of(const RgbaImage& window, int picture_left) {
  long coloured = 0;
  for (int y = 0; y < window.height; ++y)
    for (int x = 0; x < std::min(picture_left, 200); ++x)
      if (!(window.at(x, y) == window.at(window.width - 1, window.height - 1))) ++coloured;
  return coloured > window.height * 20L;
}

class OnScreen : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed: these tests make screens of their own";
  }
};

TEST_P(OnScreen, ThePanelIsBesideTheWholePictureAtOneToOne) {
  const Shots shots = run_on_screen(GetParam(), "beside-" + GetParam(), {"--size", "640x360"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  EXPECT_EQ(shots.picture.width, 640 + 85);
  const auto at = find_picture(shots.window, shots.picture);
  ASSERT_TRUE(at) << "the window does not contain the --screenshot picture pixel for pixel";
  EXPECT_GE(at->first, static_cast<int>(kPanelWidth)) << "the picture starts under the panel";
  EXPECT_TRUE(panel_shows_left_of(shots.window, at->first));
}

TEST_P(OnScreen, FitFillsTheScreenBesideThePanelAtOneToOne) {
  const Shots shots = run_on_screen(GetParam(), "fit-" + GetParam(), {"--fit", "--fullscreen"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  const std::string screen = GetParam();
  EXPECT_EQ(std::to_string(shots.window.width) + "x" + std::to_string(shots.window.height), screen);
  EXPECT_EQ(shots.picture.width, shots.window.width - static_cast<int>(kPanelWidth));
  // Beside the panel, the convergence dots keep their band: the picture is centred in what is left.
  const int band = dot_band_height(1.0f);
  EXPECT_EQ(shots.picture.height, shots.window.height - band);
  const auto at = find_picture(shots.window, shots.picture, dot_pixels(shots.picture));
  ASSERT_TRUE(at) << "the window does not contain the --screenshot picture pixel for pixel";
  EXPECT_EQ(*at, (std::pair{static_cast<int>(kPanelWidth), band / 2}));
  EXPECT_TRUE(panel_shows_left_of(shots.window, at->first));
  EXPECT_EQ(shots.run.err.find("resampled"), std::string::npos) << shots.run.err;
}

INSTANTIATE_TEST_SUITE_P(Screens, OnScreen, ::testing::Values("1280x720", "1920x1080", "3840x2160"));

TEST(PanelWindow, FitFullscreenWithoutThePanelFillsTheWholeScreen) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const Shots shots = run_on_screen("1280x720", "fit-no-panel", {"--fit", "--fullscreen", "--no-panel"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  EXPECT_EQ(shots.picture.width, 1280);
  EXPECT_EQ(shots.picture.height, 720);
  const auto at = find_picture(shots.window, shots.picture, dot_pixels(shots.picture));
  ASSERT_TRUE(at);
  EXPECT_EQ(*at, (std::pair{0, 0}));
}

// On stage: `--config presenter` (a shipped preset, by name) fills a 1920x1080 projector with the
// picture, 1:1, with the default algorithm: no black columns, no panel.
TEST(PanelWindow, ThePresenterPresetFillsA1920x1080ProjectorExactly) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string window = testing::scratch_file("presenter-window.png");
  const std::string picture = testing::scratch_file("presenter-picture.png");
  const testing::ProgramResult run = testing::run_stereocl(
      {"--config", "presenter", "--mode", "cpu", "--frames", "3", "--screenshot", picture, "--screenshot-window", window},
      "xvfb-run -a -s '-screen 0 1920x1080x24'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const RgbaImage shown = testing::read_png(window);
  const RgbaImage made = testing::read_png(picture);
  EXPECT_EQ(shown.width, 1920);
  EXPECT_EQ(shown.height, 1080);
  EXPECT_EQ(made.width, 1920);
  EXPECT_EQ(made.height, 1080);
  const auto at = find_picture(shown, made, dot_pixels(made));
  ASSERT_TRUE(at) << "the window does not show the picture 1:1";
  EXPECT_EQ(*at, (std::pair{0, 0}));
}

// --ui-scale 2 alone used to hide the panel (it no longer fitted beside the default scene); the
// scene now shrinks to fit beside it, still 1:1.
TEST(PanelWindow, ALargeUiScaleShrinksTheSceneBesideThePanelInsteadOfHidingIt) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const Shots shots = run_on_screen("1280x720", "ui-scale-2", {"--ui-scale", "2"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  EXPECT_EQ(shots.run.err.find("panel hidden"), std::string::npos) << shots.run.err;
  const auto at = find_picture(shots.window, shots.picture, dot_pixels(shots.picture));
  ASSERT_TRUE(at) << "not 1:1";
  EXPECT_GE(at->first, static_cast<int>(2 * kPanelWidth)) << "the picture starts under the panel";
  EXPECT_TRUE(panel_shows_left_of(shots.window, at->first));
}

// Only a window someone sees makes room for the panel: a hidden run's --screenshot on a small
// screen (xvfb-run's default 640x480) keeps the default scene.
TEST(PanelWindow, AHiddenRunKeepsItsSceneSizeOnASmallScreen) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string picture = testing::scratch_file("hidden-small-screen.png");
  const testing::ProgramResult run = testing::run_stereocl(
      {"--mode", "cpu", "--frames", "2", "--hidden", "--screenshot", picture}, "xvfb-run -a -s '-screen 0 640x480x24'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const RgbaImage made = testing::read_png(picture);
  EXPECT_EQ(made.width, Options{}.size.width);
  EXPECT_EQ(made.height, Options{}.size.height);
}

TEST(PanelWindow, WhereBothCannotFitThePanelYieldsAndThePictureKeepsOneToOne) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const Shots shots = run_on_screen("1280x720", "yield", {"--size", "1000x600"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  EXPECT_TRUE(find_picture(shots.window, shots.picture)) << "not 1:1";
  EXPECT_NE(shots.run.err.find("panel hidden"), std::string::npos) << shots.run.err;
}

TEST(PanelWindow, APictureLargerThanTheScreenIsResampledAndSaysSoWithTheNumbers) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const Shots shots = run_on_screen("1280x720", "resampled", {"--size", "1500x700"});
  ASSERT_EQ(shots.run.exit_code, 0) << shots.run.err;
  EXPECT_NE(shots.run.err.find("resampled"), std::string::npos) << shots.run.err;
  EXPECT_NE(shots.run.err.find("1585x700"), std::string::npos) << shots.run.err;
}

TEST(PanelWindow, AMonitorThatIsNotThereIsRefusedNamingTheOnesThatAre) {
  const testing::ProgramResult result = testing::run_stereocl({"--fullscreen", "7", "--frames", "1", "--hidden"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--fullscreen 7: no such monitor (0: "), std::string::npos) << result.err;
}

}  // namespace
}  // namespace stereocl
