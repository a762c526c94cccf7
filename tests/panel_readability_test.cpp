// The panel is readable from a room: DejaVu Sans at 18 px x --ui-scale through ImGui's atlas,
// ImGui's built-in font where the file is missing, and keyboard navigation on.
#include "app/imgui_layer.hpp"
#include "hidden_window.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

namespace stereocl {
namespace {

float font_pixels(const char* font_file, float scale, bool& own_font) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) return -1.0f;
  ImGuiLayer layer(window->handle(), scale, font_file);
  own_font = layer.has_own_font();
  const float pixels = ImGui::GetIO().Fonts->ConfigData[0].SizePixels;  // the atlas is built on first use
  EXPECT_TRUE(ImGui::GetIO().ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard);
  return pixels;
}

TEST(PanelReadability, DejaVuSansAtEighteenPixelsTimesTheScale) {
  if (!std::filesystem::exists(kFontFile)) GTEST_SKIP() << kFontFile << " is not installed (fonts-dejavu-core)";
  for (float scale : {1.0f, 2.0f}) {
    bool own_font = false;
    const float pixels = font_pixels(kFontFile, scale, own_font);
    if (pixels < 0) GTEST_SKIP() << "no window here";
    EXPECT_TRUE(own_font);
    EXPECT_FLOAT_EQ(pixels, kFontPixels * scale);
  }
}

TEST(PanelReadability, AMissingFontFallsBackToTheBuiltInOneScaled) {
  bool own_font = true;
  const float pixels = font_pixels("/nonexistent/DejaVuSans.ttf", 2.0f, own_font);
  if (pixels < 0) GTEST_SKIP() << "no window here";
  EXPECT_FALSE(own_font);
  EXPECT_FLOAT_EQ(pixels, 26.0f);  // ImGui's 13 px, doubled
}

void draw_two_buttons(ImGuiLayer& layer) {
  layer.new_frame();
  ImGui::Begin("panel");
  ImGui::Button("one");
  ImGui::Button("two");
  ImGui::End();
  layer.render();
}

// The presenter's keys (Space, PageDown) reach the program while the panel merely has focus;
// an arrow key starts keyboard navigation of the panel, which then takes the keys and shows its
// focus frame.
TEST(PanelReadability, AnArrowStartsKeyboardNavigationWhichThenTakesTheKeys) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  ImGuiLayer layer(window->handle(), 1.0f);
  for (int frame = 0; frame < 3; ++frame) draw_two_buttons(layer);
  EXPECT_FALSE(layer.wants_keyboard());
  ImGuiIO& io = ImGui::GetIO();
  io.KeysDown[GLFW_KEY_DOWN] = true;
  draw_two_buttons(layer);
  io.KeysDown[GLFW_KEY_DOWN] = false;
  draw_two_buttons(layer);
  EXPECT_TRUE(layer.wants_keyboard());
  EXPECT_TRUE(io.NavVisible) << "no focus frame to see";
}

}  // namespace
}  // namespace stereocl
