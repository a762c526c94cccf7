#include "ui/stage_overlay.hpp"

#include "ui/key_bindings.hpp"

#include <imgui.h>

#include <algorithm>
#include <vector>

namespace stereocl {
namespace {

constexpr ImGuiWindowFlags kOverlayFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                                           ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

}  // namespace

Overlays overlays_to_draw(bool panel_laid_out, const DemoSettings& settings, bool message_pending,
                          bool saved_pending) {
  Overlays overlays;
  overlays.panel = panel_laid_out && !settings.blank;
  overlays.keys = settings.show_keys && !settings.blank;
  // Nothing over the picture the audience should not read: with the panel hidden a message (a
  // mode fallback, a saved picture) stays on stderr and the panel's status line; on a blanked
  // screen it fades in, where there is no picture to cover.
  overlays.message = settings.blank && message_pending;
  // S in fullscreen or with the panel hidden: the presenter needs to know the picture was kept,
  // and a dot in the corner, no words, tells them without the room reading anything.
  overlays.saved_sign = saved_pending && !overlays.panel && !settings.blank;
  return overlays;
}

KeyListShape key_list_shape(ImVec2 room) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::vector<KeyBinding> keys = key_bindings();
  float name_width = 0, does_width = 0;
  for (const KeyBinding& binding : keys) {
    name_width = std::max(name_width, ImGui::CalcTextSize(binding.name.c_str()).x);
    does_width = std::max(does_width, ImGui::CalcTextSize(binding.does.c_str()).x);
  }
  // A pair of cells, each with its padding either side; the title bar and the window's padding
  // keep the font's size whatever the list's scale.
  const float pair_width = name_width + does_width + 4.0f * style.CellPadding.x;
  const float row_height = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
  const float width = room.x - 2.0f * style.WindowPadding.x;
  const float height = room.y - ImGui::GetFrameHeight() - 2.0f * style.WindowPadding.y;
  const int count = static_cast<int>(keys.size());
  KeyListShape shape;
  for (; shape.font_scale > kSmallestKeyListScale; shape.font_scale *= 0.9f) {
    const int rows_fit = std::max(1, static_cast<int>(height / (row_height * shape.font_scale)));
    shape.columns = (count + rows_fit - 1) / rows_fit;
    shape.rows = (count + shape.columns - 1) / shape.columns;
    if (static_cast<float>(shape.columns) * pair_width * shape.font_scale <= width) return shape;
  }
  return shape;
}

void draw_key_help(float top) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float padding = ImGui::GetStyle().WindowPadding.y;
  // Below the convergence dots (`top`), at the bottom, centred across; as many columns, and as
  // small a font, as it takes to fit what is left: taller than a 760-line window, it scrolled
  // and covered the dots.
  const KeyListShape shape = key_list_shape(ImVec2(display.x, display.y - top - 2.0f * padding));
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - padding), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::Begin(kKeyListWindowName, nullptr, kOverlayFlags);
  ImGui::SetWindowFontScale(shape.font_scale);
  const std::vector<KeyBinding> keys = key_bindings();
  if (ImGui::BeginTable("key help", 2 * shape.columns, ImGuiTableFlags_SizingFixedFit)) {
    for (int row = 0; row < shape.rows; ++row) {
      ImGui::TableNextRow();
      for (int column = 0; column < shape.columns; ++column) {
        const std::size_t index = static_cast<std::size_t>(column * shape.rows + row);
        ImGui::TableNextColumn();
        if (index < keys.size()) ImGui::TextUnformatted(keys[index].name.c_str());
        ImGui::TableNextColumn();
        if (index < keys.size()) ImGui::TextUnformatted(keys[index].does.c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void draw_floating_message(const FadingMessage& message) {
  const std::string text = message.text();
  if (text.empty()) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - ImGui::GetTextLineHeight()), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.6f * message.opacity());
  ImGui::Begin("message", nullptr, kOverlayFlags | ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.3f, message.opacity()));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  ImGui::End();
}

void draw_saved_sign(const FadingMessage& sign) {
  if (sign.text().empty()) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float radius = 0.5f * ImGui::GetTextLineHeight();
  const ImVec2 centre(display.x - 3.f * radius, display.y - 3.f * radius);
  ImDrawList* drawn = ImGui::GetForegroundDrawList();
  drawn->AddCircleFilled(centre, radius + 2.f, ImGui::GetColorU32(ImVec4(0.f, 0.f, 0.f, sign.opacity())));
  drawn->AddCircleFilled(centre, radius, ImGui::GetColorU32(ImVec4(1.f, 1.f, 1.f, sign.opacity())));
}

}  // namespace stereocl
