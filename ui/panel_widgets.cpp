#include "ui/panel_widgets.hpp"

#include <algorithm>
#include <utility>

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

void text_on_rest_of_line(const char* text) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float room = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const float height = ImGui::GetFrameHeight();
  const ImVec2 end(at.x + room, at.y + height);
  const ImVec4 clip(at.x, at.y, end.x, end.y);
  ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                                      ImVec2(at.x, at.y + ImGui::GetStyle().FramePadding.y),
                                      ImGui::GetColorU32(ImGuiCol_Text), text, nullptr, 0.0f, &clip);
  ImGui::Dummy(ImVec2(room, height));
}

void notice_slot(const char* first, ImVec4 first_colour, const char* second, ImVec4 second_colour, int lines) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
  const float height = static_cast<float>(lines) * ImGui::GetTextLineHeight();
  const ImVec4 clip(at.x, at.y, at.x + width, at.y + height);
  float y = at.y;
  for (const auto& [text, colour] : {std::pair{first, first_colour}, std::pair{second, second_colour}}) {
    if (text[0] == '\0') continue;
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x, y),
                                        ImGui::GetColorU32(colour), text, nullptr, width, &clip);
    y += ImGui::CalcTextSize(text, nullptr, false, width).y;
  }
  ImGui::Dummy(ImVec2(width, height));
}

void section_heading(const char* text) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextDisabled("%s", text);
}

}  // namespace stereocl
