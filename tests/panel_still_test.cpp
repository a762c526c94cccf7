// Issue 59: the panel holds still. A click aimed at a control lands on it whatever came between:
// a preset (its notice, its name, its pattern width), a long notice, a wider or narrower window.
// The test asks ImGui which item is under the pointer at every pixel row of a few columns of the
// panel (a hover map), in each of those states, and compares the maps: ±0 px, at each UI scale.
#include "config/options.hpp"
#include "config/presets.hpp"
#include "pipeline/engine.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/panel.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace stereocl {
namespace {

constexpr float kPanelHeight = 720.0f;

std::unique_ptr<Engine> small_cpu_engine() {
  Options options;
  options.size = Size{160, 120};
  options.mode = Mode::cpu;
  return std::make_unique<Engine>(options, ClSetup{});
}

// One frame of the panel with the pointer at `pointer`, in a display `display_width` wide; the
// id of the item under the pointer (0: none, or text).
ImGuiID item_under(Engine& engine, PanelState& state, float width, float display_width, ImVec2 pointer) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(display_width, kPanelHeight);
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = pointer;
  ImGui::NewFrame();
  draw_panel(engine, state, width);
  const ImGuiID hovered = ImGui::GetHoveredID();
  ImGui::EndFrame();
  return hovered;
}

// Which item is under the pointer at every row of four columns of the panel, after `tab` is brought
// forward. Two frames at each point: the window under the pointer is the last frame's.
std::vector<ImGuiID> hover_map(Engine& engine, PanelState& state, PanelTab tab, float width, float display_width) {
  state.select_tab = tab;
  item_under(engine, state, width, display_width, ImVec2(-1, -1));
  std::vector<ImGuiID> map;
  for (const float share : {0.15f, 0.45f, 0.7f, 0.92f})
    for (float y = 0; y < kPanelHeight; y += 1.0f) {
      const ImVec2 at(width * share, y);
      item_under(engine, state, width, display_width, at);
      map.push_back(item_under(engine, state, width, display_width, at));
    }
  return map;
}

// The first point (column, y) where a control named in both maps is under the pointer in one and not
// in the other: it moved. A control in one map only came or went (an effect's parameters), and
// moved nothing else if every other point agrees.
std::string first_move(const std::vector<ImGuiID>& a, const std::vector<ImGuiID>& b) {
  if (a.size() != b.size()) return "sizes differ";
  const std::set<ImGuiID> in_a(a.begin(), a.end()), in_b(b.begin(), b.end());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const bool a_counts = a[i] != 0 && in_b.count(a[i]) != 0;
    const bool b_counts = b[i] != 0 && in_a.count(b[i]) != 0;
    if ((a_counts || b_counts) && a[i] != b[i])
      return "column " + std::to_string(i / static_cast<std::size_t>(kPanelHeight)) + ", y " +
             std::to_string(i % static_cast<std::size_t>(kPanelHeight));
  }
  return "";
}

// The states a presenter goes through: each preset in turn (its notice, name and look), a long
// notice with the layout's note, and windows of other widths.
std::vector<std::pair<std::string, std::function<void(Engine&, PanelState&, float&)>>> changes(PresetCycle& presets) {
  std::vector<std::pair<std::string, std::function<void(Engine&, PanelState&, float&)>>> list;
  for (std::size_t i = 0; i < presets.count(); ++i)
    list.emplace_back("preset " + std::to_string(i + 1), [&presets](Engine& engine, PanelState& state, float&) {
      presets.step(+1);
      state.message = presets.apply_when_finished(engine).value_or("");
      state.preset = presets.current();
    });
  list.emplace_back("a long notice and the layout's note", [](Engine&, PanelState& state, float&) {
    state.message = "Preset 3/6: a-preset-with-a-long-name-that-would-wrap-over-two-lines (and more words after it)";
    state.layout_note = "Picture resampled to 61% (1169x658): the 1920x1080 stereogram does not fit the window";
    state.preset = "a-preset-with-a-long-name-that-would-wrap-beside-the-buttons";
  });
  for (const float display_width : {700.0f, 3840.0f})
    list.emplace_back("a window " + std::to_string(static_cast<int>(display_width)) + " wide",
                      [display_width](Engine&, PanelState& state, float& width) {
                        state.message = "";
                        state.layout_note = "";
                        width = display_width;
                      });
  return list;
}

TEST(PanelStill, EveryControlKeepsItsPlaceAcrossPresetsNoticesAndWindowWidths) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 1280, 720);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  for (const float scale : {1.0f, 2.0f}) {
    const std::unique_ptr<Engine> engine = small_cpu_engine();
    Notices notices;
    ImGuiLayer layer(window->handle(), scale, notices);
    layer.new_frame();  // the backends' first frame builds the font atlas
    layer.render();
    const float width = kPanelWidth * scale;
    for (const PanelTab tab : {PanelTab::show, PanelTab::picture}) {
      PanelState state;
      float display_width = 1920.0f;
      const std::vector<ImGuiID> before = hover_map(*engine, state, tab, width, display_width);
      PresetCycle presets(std::string(STEREOCL_ASSETS_DIR) + "/presets");
      for (const auto& [what, change] : changes(presets)) {
        change(*engine, state, display_width);
        EXPECT_EQ(first_move(before, hover_map(*engine, state, tab, width, display_width)), "")
            << "ui-scale " << scale << ", tab " << static_cast<int>(tab) << ", after " << what;
      }
    }
  }
}

// The check sees a control that moves: a line added above the tabs moves every control below it.
TEST(PanelStill, TheCheckSeesAControlMove) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 1280, 720);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  const std::unique_ptr<Engine> engine = small_cpu_engine();
  Notices notices;
  ImGuiLayer layer(window->handle(), 1.0f, notices);
  layer.new_frame();
  layer.render();
  PanelState state;
  const std::vector<ImGuiID> before = hover_map(*engine, state, PanelTab::show, kPanelWidth, 1920.0f);
  // The Record button turns into the wider "Stop recording", pushing Fullscreen and Keys on.
  state.recording = "stereocl-recording.mp4";
  EXPECT_NE(first_move(before, hover_map(*engine, state, PanelTab::show, kPanelWidth, 1920.0f)), "");
}

}  // namespace
}  // namespace stereocl
