// The panel is readable from a room: DejaVu Sans at 18 px x --ui-scale through ImGui's atlas,
// ImGui's built-in font where the file is missing; and the keyboard stays the stage's.
#include "ui/imgui_layer.hpp"
#include "hidden_window.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <vector>

namespace stereocl {
namespace {

float font_pixels(const char* font_file, float scale, bool& own_font, Notices& notices) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) return -1.0f;
  ImGuiLayer layer(window->handle(), scale, notices, font_file);
  own_font = layer.has_own_font();
  const float pixels = ImGui::GetIO().Fonts->ConfigData[0].SizePixels;  // the atlas is built on first use
  return pixels;
}

TEST(PanelReadability, DejaVuSansAtEighteenPixelsTimesTheScale) {
  if (!std::filesystem::exists(kFontFile)) GTEST_SKIP() << kFontFile << " is not installed (fonts-dejavu-core)";
  for (float scale : {1.0f, 2.0f}) {
    bool own_font = false;
    Notices notices;
    const float pixels = font_pixels(kFontFile, scale, own_font, notices);
    if (pixels < 0) GTEST_SKIP() << "no window here";
    EXPECT_TRUE(own_font);
    EXPECT_TRUE(notices.take().empty());
    EXPECT_FLOAT_EQ(pixels, kFontPixels * scale);
  }
}

TEST(PanelReadability, AMissingFontFallsBackToTheBuiltInOneScaled) {
  bool own_font = true;
  Notices notices;
  const float pixels = font_pixels("/nonexistent/DejaVuSans.ttf", 2.0f, own_font, notices);
  if (pixels < 0) GTEST_SKIP() << "no window here";
  EXPECT_FALSE(own_font);
  EXPECT_FLOAT_EQ(pixels, 26.0f);  // ImGui's 13 px, doubled
  // Said once, as a log line for stderr rather than printed from inside the layer.
  const std::vector<Notices::Line> said = notices.take();
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].text,
            "panel font /nonexistent/DejaVuSans.ttf not found (Debian package fonts-dejavu-core); using ImGui's small "
            "built-in font");
  EXPECT_FALSE(said[0].for_the_audience);
}

void draw_two_buttons(ImGuiLayer& layer) {
  layer.new_frame();
  ImGui::Begin("panel");
  ImGui::Button("one");
  ImGui::Button("two");
  ImGui::End();
  layer.render();
}

// A clicker's PageDown (and any other key) never hands the keyboard to the panel: the first
// one used to start ImGui's keyboard navigation, after which S, B, Esc and the next PageDown did
// nothing until someone clicked the picture.
TEST(StageKeys, NoKeyHandsTheKeyboardToThePanel) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  Notices notices;
  ImGuiLayer layer(window->handle(), 1.0f, notices);
  for (int frame = 0; frame < 3; ++frame) draw_two_buttons(layer);
  ImGuiIO& io = ImGui::GetIO();
  for (const int key : {GLFW_KEY_PAGE_DOWN, GLFW_KEY_PAGE_UP, GLFW_KEY_DOWN, GLFW_KEY_TAB, GLFW_KEY_SPACE, GLFW_KEY_S,
                        GLFW_KEY_B, GLFW_KEY_ESCAPE, GLFW_KEY_PERIOD}) {
    io.KeysDown[key] = true;
    draw_two_buttons(layer);
    io.KeysDown[key] = false;
    draw_two_buttons(layer);
    EXPECT_FALSE(layer.wants_keyboard()) << "key " << key << " handed the keyboard to the panel";
    EXPECT_FALSE(io.NavVisible) << "key " << key << " started keyboard navigation";
  }
}

// A click on the panel (its title bar held, a slider dragged) makes an item active, which ImGui
// counts as wanting the keyboard; a key in that frame is still the stage's. A text field with the
// keyboard takes every key.
TEST(StageKeys, OnlyATextFieldTakesTheKeyboard) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  Notices notices;
  ImGuiLayer layer(window->handle(), 1.0f, notices);
  float value = 0.5f;
  char word[16] = "HELLO";
  const auto frame = [&](bool hold_the_slider, bool focus_the_field) {
    layer.new_frame();
    ImGui::Begin("panel");
    ImGui::SliderFloat("depth", &value, 0.0f, 1.0f);
    if (hold_the_slider) ImGui::SetActiveID(ImGui::GetItemID(), ImGui::GetCurrentWindow());
    if (focus_the_field) {  // as the panel's T does (panel_show.cpp)
      ImGui::SetWindowFocus();
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::InputText("word", word, sizeof word);
    ImGui::End();
    layer.render();
  };
  frame(false, false);
  frame(true, false);
  frame(true, false);
  ASSERT_TRUE(ImGui::IsAnyItemActive());
  ASSERT_TRUE(ImGui::GetIO().WantCaptureKeyboard);
  EXPECT_FALSE(layer.wants_keyboard()) << "an item held by the mouse took the stage's keys";
  ImGui::ClearActiveID();
  frame(false, true);
  frame(false, false);
  frame(false, false);
  EXPECT_TRUE(ImGui::GetIO().WantTextInput);
  EXPECT_TRUE(layer.wants_keyboard()) << "the text field with the keyboard did not take the keys";
}

}  // namespace
}  // namespace stereocl
