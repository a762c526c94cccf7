// The window as users see it, through the program's own --screenshot-window under Xvfb: the
// panel changes the panel's area of the window and nothing else.
#include "app/panel.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace stereocl {
namespace {

// Runs stereocl with a fixed-step animation, so two runs draw the same stereogram.
RgbaImage window_screenshot(const std::string& name, std::vector<std::string> extra_arguments) {
  const std::string path = testing::scratch_file(name);
  std::vector<std::string> arguments = {"--mode", "cpu", "--size", "320x180", "--frames", "4"};
  arguments.insert(arguments.end(), extra_arguments.begin(), extra_arguments.end());
  arguments.insert(arguments.end(), {"--screenshot-window", path});
  const testing::ProgramResult result = testing::run_stereocl(arguments);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return testing::read_png(path);
}

TEST(PanelWindow, ThePanelChangesOnlyItsOwnArea) {
  const RgbaImage with_panel = window_screenshot("with-panel.png", {});
  const RgbaImage without = window_screenshot("without-panel.png", {"--no-panel"});
  ASSERT_FALSE(with_panel.empty());
  ASSERT_EQ(with_panel.width, without.width);
  ASSERT_EQ(with_panel.height, without.height);

  const int panel_right = static_cast<int>(kPanelWidth);  // Xvfb has no HiDPI: window units are pixels
  long inside = 0, outside = 0;
  for (int y = 0; y < with_panel.height; ++y)
    for (int x = 0; x < with_panel.width; ++x)
      if (!(with_panel.at(x, y) == without.at(x, y))) ++(x < panel_right ? inside : outside);
  EXPECT_EQ(outside, 0) << "pixels right of the panel changed";
  EXPECT_GT(inside, panel_right * with_panel.height / 4) << "the panel hardly shows";
}

TEST(PanelWindow, WithoutThePanelTheWindowShowsTheStereogramOneToOneAndCentred) {
  const std::string final_image = testing::scratch_file("final.png");
  const RgbaImage window = window_screenshot("bare.png", {"--no-panel", "--screenshot", final_image});
  const RgbaImage picture = testing::read_png(final_image);
  ASSERT_FALSE(picture.empty());
  ASSERT_LE(picture.width, window.width);
  ASSERT_LE(picture.height, window.height);
  const int left = (window.width - picture.width) / 2;
  // GL centres from the bottom; in a top-first image the odd pixel of slack lands on top.
  const int top = window.height - picture.height - (window.height - picture.height) / 2;
  long different = 0;
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x)
      if (!(window.at(left + x, top + y) == picture.at(x, y))) ++different;
  EXPECT_EQ(different, 0);
}

}  // namespace
}  // namespace stereocl
