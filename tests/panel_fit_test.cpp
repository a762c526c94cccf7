// Nothing in the panel is clipped: at every --ui-scale from 0.75 to 3 (the stage layout gives the
// panel its full width or none), in every tab, with the longest texts the panel
// shows (a benchmark result, a recording's name, a long file path, a message). ImGui records how
// far right the items reach, clipped or not (the window's CursorMaxPos); that must stay inside
// the room the window gives its items (WorkRect).
#include "config/options.hpp"
#include "config/settings_table.hpp"
#include "pipeline/engine.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/panel.hpp"
#include "ui/stage_layout.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <memory>

namespace stereocl {
namespace {

PanelState crowded_state() {
  PanelState state;
  state.gl_renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
  state.gl_version = "4.5 (Core Profile) Mesa 22.3.6";
  state.bench_result = "1234 fps, 0.81 ms (--bench loop)";
  state.recording = "stereocl-2026-11-27-18-30-00.mp4";
  state.preset = "depth-shapes";
  state.message = "Preset 3/6: depth-shapes (a long message that wraps on a narrow panel)";
  state.loaded = LoadedFile{"/home/presenter/talks/stereograms/depth-maps/a-rather-long-file-name-of-a-depth-map.png",
                            FileRole::depth_map};
  return state;
}

// The effect with the most parameters: the Picture tab at its tallest.
const EffectRow* effect_with_most_parameters() {
  const EffectRow* most = &effect_table().front();
  for (const EffectRow& row : effect_table())
    if (effect_settings(row).size() > effect_settings(*most).size()) most = &row;
  return most;
}

// The engine the panel reads: CPU mode, a small scene, no OpenCL, the tallest effect.
std::unique_ptr<Engine> small_cpu_engine() {
  Options options;
  options.size = Size{160, 120};
  options.mode = Mode::cpu;
  options.look.effect.effect = effect_with_most_parameters();
  return std::make_unique<Engine>(options, ClSetup{});
}

// How far past its room the panel's widest item reaches, after a few frames of `tab`.
float overreach(ImGuiLayer& layer, Engine& engine, PanelState& state, PanelTab tab, float width) {
  state.select_tab = tab;
  for (int frame = 0; frame < 3; ++frame) {
    layer.new_frame();
    draw_panel(engine, state, width);
    layer.render();
  }
  const ImGuiWindow* window = ImGui::FindWindowByName(kPanelWindowName);
  if (!window) return 1e9f;
  return window->DC.CursorMaxPos.x - window->WorkRect.Max.x;
}

TEST(PanelFit, NoWidgetTextIsClippedAtAnyScaleOrTab) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 1280, 720);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  const std::unique_ptr<Engine> owned = small_cpu_engine();
  Engine& engine = *owned;
  for (const float scale : {0.75f, 1.0f, 1.5f, 2.0f, 3.0f}) {
    Notices notices;
    ImGuiLayer layer(window->handle(), scale, notices);
    const float width = kPanelWidth * scale;
    for (const PanelTab tab : {PanelTab::show, PanelTab::picture, PanelTab::measure}) {
      PanelState state = crowded_state();
      EXPECT_LE(overreach(layer, engine, state, tab, width), 0.5f)
          << "ui-scale " << scale << ", panel " << width << " wide, tab " << static_cast<int>(tab);
    }
  }
}

// The window asks for kPanelTabHeight x the UI scale (app/window_setup.cpp), so that a larger
// scale makes a taller window rather than tabs that scroll: the constant must hold the Show and
// Picture tabs, message line and all, at every scale, and not ask for much more than they need.
// At --ui-scale 2 that is the whole of both on a 1080-line screen, with room for a title bar.
TEST(PanelFit, ThePresentersTabsHeightIsWhatTheWindowAsksFor) {
  EXPECT_LE(kPanelTabHeight * 2.0f, 1080.0f - 40.0f);
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 1280, 720);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  const std::unique_ptr<Engine> owned = small_cpu_engine();
  Engine& engine = *owned;
  for (const float scale : {1.0f, 1.5f, 2.0f}) {
    Notices notices;
    ImGuiLayer layer(window->handle(), scale, notices);
    float tallest = 0;
    for (const PanelTab tab : {PanelTab::show, PanelTab::picture}) {
      PanelState state = crowded_state();
      overreach(layer, engine, state, tab, kPanelWidth * scale);
      const ImGuiWindow* panel = ImGui::FindWindowByName(kPanelWindowName);
      ASSERT_NE(panel, nullptr);
      const float needed = panel->TitleBarHeight() + panel->ContentSize.y + 2.0f * ImGui::GetStyle().WindowPadding.y;
      EXPECT_LE(needed, kPanelTabHeight * scale) << "ui-scale " << scale << ", tab " << static_cast<int>(tab);
      tallest = std::max(tallest, needed);
    }
    EXPECT_GT(tallest, 0.9f * kPanelTabHeight * scale) << "ui-scale " << scale << ": needs " << tallest;
  }
}

// The check itself finds clipping: a line of text wider than the panel is reported.
TEST(PanelFit, TheCheckSeesATooLongLine) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 640, 480);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  Notices notices;
  ImGuiLayer layer(window->handle(), 1.0f, notices);
  for (int frame = 0; frame < 2; ++frame) {
    layer.new_frame();
    ImGui::SetNextWindowSize(ImVec2(200, 200));
    ImGui::Begin(kPanelWindowName);
    ImGui::TextUnformatted("a line of text much wider than the two hundred units of this window");
    ImGui::End();
    layer.render();
  }
  const ImGuiWindow* panel = ImGui::FindWindowByName(kPanelWindowName);
  ASSERT_NE(panel, nullptr);
  EXPECT_GT(panel->DC.CursorMaxPos.x - panel->WorkRect.Max.x, 100.0f);
}

}  // namespace
}  // namespace stereocl
