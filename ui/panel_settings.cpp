#include "ui/panel_settings.hpp"

#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <string>

namespace stereocl {
namespace {

bool draw_slider(const Setting& row, const RunningRange& range, const std::string& label, double& value) {
  width_leaving_label(label.c_str());
  const ImGuiSliderFlags flags =
      ImGuiSliderFlags_AlwaysClamp | (row.panel.logarithmic ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None);
  if (row.kind == SettingKind::real) {
    const std::string format(row.panel.format.empty() ? "%.2f" : row.panel.format);
    float shown = static_cast<float>(value);
    if (!ImGui::SliderFloat(label.c_str(), &shown, static_cast<float>(range.min), static_cast<float>(range.max),
                            format.c_str(), flags))
      return false;
    value = shown;
    return true;
  }
  const std::string format(row.panel.format.empty() ? "%d" : row.panel.format);
  int shown = static_cast<int>(value);
  if (!ImGui::SliderInt(label.c_str(), &shown, static_cast<int>(range.min), static_cast<int>(range.max), format.c_str(),
                        flags))
    return false;
  value = shown;
  return true;
}

// Ticked means the row's `ticked` value; unticked the other of the two.
bool draw_checkbox(const Setting& row, const std::string& label, double& value) {
  bool on = static_cast<int>(value) == row.panel.ticked;
  if (!ImGui::Checkbox(label.c_str(), &on)) return false;
  value = on ? row.panel.ticked : 1 - row.panel.ticked;
  return true;
}

bool draw_combo(const Setting& row, const std::string& label, double& value) {
  width_leaving_label(label.c_str());
  const auto word = [&](int index) { return std::string(row.words[static_cast<std::size_t>(index)]); };
  if (!ImGui::BeginCombo(label.c_str(), word(static_cast<int>(value)).c_str())) return false;
  bool changed = false;
  for (int i = 0; i < static_cast<int>(row.words.size()); ++i)
    if (ImGui::Selectable(word(i).c_str(), i == static_cast<int>(value))) {
      value = i;
      changed = true;
    }
  ImGui::EndCombo();
  return changed;
}

}  // namespace

void draw_setting(const Setting& row, DemoSettings& settings, const char* unavailable) {
  double value = row.access.value(row, settings);
  const std::string label(row.panel.label);
  bool changed = false;
  ImGui::BeginDisabled(unavailable != nullptr);
  switch (row.panel.kind) {
    case ControlKind::slider:
      changed = draw_slider(row, running_range(row, settings), label, value);
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
  if (changed) row.access.set_value(row, settings, value);
  const std::string tooltip(row.panel.tooltip.empty() ? std::string_view(row.help) : row.panel.tooltip);
  tooltip_when_hovered(unavailable ? unavailable : tooltip.c_str());
}

}  // namespace stereocl
