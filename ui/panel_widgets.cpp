#include "ui/panel_widgets.hpp"

#include <algorithm>

namespace stereocl {

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float text_width(const char* text) { return ImGui::CalcTextSize(text).x; }

void same_line_if_fits(float width) {
  const float line_end = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= line_end) ImGui::SameLine();
}

void width_leaving_label(const char* label) {
  const float label_room = ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - label_room, 3.0f * ImGui::GetFrameHeight()));
}

// A pointer nobody has moved since the window opened (parked at the screen's centre, as on a
// projector or under Xvfb) points at nothing: it must not open a tooltip over the picture.
bool pointer_moved() {
  static bool moved = false;
  const ImVec2 delta = ImGui::GetIO().MouseDelta;
  moved = moved || delta.x != 0.0f || delta.y != 0.0f;
  return moved;
}

void tooltip_when_hovered(const char* text) {
  if (pointer_moved() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

void disabled_text_wrapped(const char* text) { coloured_text_wrapped(text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)); }

void coloured_text_wrapped(const char* text, ImVec4 colour) {
  if (text[0] == '\0') return;
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void section_heading(const char* text) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextDisabled("%s", text);
}

}  // namespace stereocl
