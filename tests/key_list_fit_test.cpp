// Issue 59: the key list (F1 / ?) fits the window below the convergence dots at every UI scale:
// taller than a 760-line window, it scrolled and covered the dots.
#include "ui/imgui_layer.hpp"
#include "ui/stage_overlay.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

namespace stereocl {
namespace {

// The key list's window after two frames in a display of `display` window units, below `top`.
const ImGuiWindow* key_list(ImVec2 display, float top) {
  for (int frame = 0; frame < 2; ++frame) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = display;
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    draw_key_help(top);
    ImGui::EndFrame();
  }
  return ImGui::FindWindowByName(kKeyListWindowName);
}

TEST(KeyListFit, FitsBelowTheDotsAtEveryScaleWithoutScrolling) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 640, 480);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  for (const float scale : {0.75f, 1.0f, 1.5f, 2.0f, 3.0f}) {
    Notices notices;
    ImGuiLayer layer(window->handle(), scale, notices);
    layer.new_frame();  // the backends' first frame builds the font atlas
    layer.render();
    for (const ImVec2 display : {ImVec2(1280, 760), ImVec2(1920, 1080), ImVec2(1024, 600), ImVec2(3840, 2160)}) {
      const float top = 40.0f * scale + 20.0f;  // a band of dots, as the frame loop measures it
      const ImGuiWindow* keys = key_list(display, top);
      ASSERT_NE(keys, nullptr);
      const std::string where = "ui-scale " + std::to_string(scale) + ", " + std::to_string(display.x) + "x" +
                                std::to_string(display.y);
      EXPECT_GE(keys->Pos.y, top) << where << ": covers the dots";
      EXPECT_LE(keys->Pos.y + keys->Size.y, display.y) << where;
      EXPECT_GE(keys->Pos.x, 0.0f) << where;
      EXPECT_LE(keys->Pos.x + keys->Size.x, display.x) << where;
      EXPECT_LT(keys->ScrollMax.y, 0.5f) << where << ": scrolls";  // less than a pixel: rounding
      EXPECT_LE(keys->ContentSize.x, keys->Size.x) << where << ": cut on the right";
    }
  }
}

}  // namespace
}  // namespace stereocl
