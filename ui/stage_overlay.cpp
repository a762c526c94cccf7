#include "ui/stage_overlay.hpp"

#include "ui/key_bindings.hpp"

#include <imgui.h>

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

void draw_key_help() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // At the bottom, centred across: centred on the window, the list covered the left convergence
  // dot, which sits above the picture's top edge (a band of kDotBandHeight).
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - ImGui::GetStyle().WindowPadding.y), ImGuiCond_Always,
                          ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::Begin("Keys  (F1 or ? closes)", nullptr, kOverlayFlags);
  if (ImGui::BeginTable("key help", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const KeyBinding& binding : key_bindings()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(binding.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(binding.does.c_str());
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
