#include "ui/panel.hpp"

#include "ui/panel_tabs.hpp"
#include "ui/panel_widgets.hpp"

#include <glad/gl.h>
#include <imgui.h>

namespace stereocl {
namespace {

// Two lines hold a refused key's reason or a preset's name; longer lines are cut (stderr has them).
constexpr int kNoticeLines = 2;

// ImGui opens the first tab; a tab asked for (--panel-tab, a test) is brought forward once.
ImGuiTabItemFlags tab_flags(PanelState& state, PanelTab tab) {
  if (state.select_tab != tab) return ImGuiTabItemFlags_None;
  return ImGuiTabItemFlags_SetSelected;
}

}  // namespace

PanelState PanelState::for_current_context() {
  const auto text = [](GLenum name) {
    const auto* value = reinterpret_cast<const char*>(glGetString(name));
    return std::string(value ? value : "?");
  };
  PanelState state;
  state.gl_renderer = text(GL_RENDERER);
  state.gl_version = text(GL_VERSION);
  return state;
}

void PanelState::show(const DropResult& result) {
  if (result.loaded) loaded = result.loaded;
  message = result.message;
}

void draw_panel(Engine& engine, PanelState& state, float width) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y));
  ImGui::Begin(kPanelWindowName, nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  // Above the tabs, so neither hides them, in a slot of its own height: a notice coming or going
  // (a preset's name for a few seconds) once moved the word field under the pointer aiming at it.
  // The newest news first; the layout's note stays on stderr and in the title too.
  notice_slot(state.message.text().c_str(), ImVec4(1.0f, 0.85f, 0.3f, state.message.opacity()),
              state.layout_note.c_str(), ImVec4(1.0f, 0.45f, 0.4f, 1.0f), kNoticeLines);
  if (ImGui::BeginTabBar("tabs")) {
    if (ImGui::BeginTabItem("Show", nullptr, tab_flags(state, PanelTab::show))) {
      draw_show_tab(engine, state);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Picture", nullptr, tab_flags(state, PanelTab::picture))) {
      draw_picture_tab(engine);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Measure", nullptr, tab_flags(state, PanelTab::measure))) {
      draw_measure_tab(engine, state);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  state.select_tab.reset();
  ImGui::End();
}

}  // namespace stereocl
