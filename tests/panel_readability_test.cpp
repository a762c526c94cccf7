// The panel is readable from a room: DejaVu Sans at 18 px x --ui-scale through ImGui's atlas,
// ImGui's built-in font where the file is missing, and keyboard navigation on.
#include "app/imgui_layer.hpp"
#include "hidden_window.hpp"

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

}  // namespace
}  // namespace stereocl
