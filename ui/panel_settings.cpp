#include "ui/panel_settings.hpp"

#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <string>

namespace stereocl {
namespace {

bool draw_slider(const Setting& row, const std::string& label, int& value) {
  width_leaving_label(label.c_str());
  const std::string format(row.panel.format.empty() ? "%d" : row.panel.format);
  return ImGui::SliderInt(label.c_str(), &value, static_cast<int>(row.min), static_cast<int>(row.max), format.c_str(),
                          ImGuiSliderFlags_AlwaysClamp);
}

// Ticked means the row's `ticked` value; unticked the other of the two.
bool draw_checkbox(const Setting& row, const std::string& label, int& value) {
  bool on = value == row.panel.ticked;
  if (!ImGui::Checkbox(label.c_str(), &on)) return false;
  value = on ? row.panel.ticked : 1 - row.panel.ticked;
  return true;
}

bool draw_combo(const Setting& row, const std::string& label, int& value) {
  width_leaving_label(label.c_str());
  const auto word = [&](int index) { return std::string(row.words[static_cast<std::size_t>(index)]); };
  if (!ImGui::BeginCombo(label.c_str(), word(value).c_str())) return false;
  bool changed = false;
  for (int i = 0; i < static_cast<int>(row.words.size()); ++i)
    if (ImGui::Selectable(word(i).c_str(), i == value)) {
      value = i;
      changed = true;
    }
  ImGui::EndCombo();
  return changed;
}

}  // namespace

void draw_setting(const Setting& row, DemoSettings& settings, const char* unavailable) {
  int value = row.panel.value(row, settings);
  const std::string label(row.panel.label);
  bool changed = false;
  ImGui::BeginDisabled(unavailable != nullptr);
  switch (row.panel.kind) {
    case ControlKind::slider:
      changed = draw_slider(row, label, value);
      break;
    case ControlKind::checkbox:
      changed = draw_checkbox(row, label, value);
      break;
    case ControlKind::combo:
      changed = draw_combo(row, label, value);
      break;
    case ControlKind::none:
      break;
  }
  ImGui::EndDisabled();
  if (changed) row.panel.set_value(row, settings, value);
  const std::string tooltip(row.panel.tooltip.empty() ? std::string_view(row.help) : row.panel.tooltip);
  tooltip_when_hovered(unavailable ? unavailable : tooltip.c_str());
}

}  // namespace stereocl
