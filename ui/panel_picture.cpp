#include "ui/panel_tabs.hpp"

#include "config/settings_table.hpp"
#include "ui/panel_separation.hpp"
#include "ui/panel_settings.hpp"
#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <string>

namespace stereocl {
namespace {

// The library's patterns in a combo; picking one switches to it.
void draw_library_choice(DemoSettings& settings) {
  if (ImGui::RadioButton("##library", settings.look.pattern_kind == PatternKind::library))
    settings.look.pattern_kind = PatternKind::library;
  ImGui::SameLine();
  width_leaving_label("pattern");
  if (ImGui::BeginCombo("pattern", std::string(settings.look.library_pattern->name).c_str())) {
    for (const PatternRow& row : pattern_library()) {
      if (ImGui::Selectable(std::string(row.name).c_str(), settings.look.library_pattern == &row)) {
        settings.look.library_pattern = &row;
        settings.look.pattern_kind = PatternKind::library;
      }
      tooltip_when_hovered(std::string(row.summary).c_str());
    }
    ImGui::EndCombo();
  }
  tooltip_when_hovered("patterns made by code, drawn at the pattern width (--pattern NAME)");
}

void draw_pattern(Engine& engine) {
  DemoSettings& settings = engine.settings();
  for (PatternKind kind : {PatternKind::random_grey, PatternKind::random_colour, PatternKind::image}) {
    if (kind != PatternKind::random_grey) same_line_if_fits(checkbox_width(pattern_kind_name(kind)));
    const bool unavailable = kind == PatternKind::image && !engine.pattern().has_image();
    ImGui::BeginDisabled(unavailable);
    if (ImGui::RadioButton(pattern_kind_name(kind), settings.look.pattern_kind == kind)) settings.look.pattern_kind = kind;
    ImGui::EndDisabled();
    if (unavailable) tooltip_when_hovered("drop a colour picture onto the window to use it as the pattern");
  }
  draw_library_choice(settings);
  const bool from_image = settings.look.pattern_kind == PatternKind::image;
  ImGui::BeginDisabled(from_image);
  if (ImGui::Button("New dots")) ++settings.look.seed;
  same_line_if_fits(checkbox_width("shimmer"));
  ImGui::Checkbox("shimmer", &settings.shimmer);
  tooltip_when_hovered("fresh dots every frame");
  draw_setting(named_settings().dot_size, settings);
  ImGui::EndDisabled();
}

void draw_depth(Engine& engine) {
  DemoSettings& settings = engine.settings();
  draw_separation_controls(settings, engine.screen_dpi());
  draw_setting(named_settings().invert_depth, settings);
  const char* no_fit = !engine.sources().has_depth_image() ? "no depth map: drop one onto the window"
                       : !engine.sources().scene_sized()   ? "the scene is the depth map's own size (no --size or --fit)"
                                               : nullptr;
  draw_setting(named_settings().depth_fit, settings, no_fit);
}

// The effects, then the running one's parameters, each on its own line.
void draw_effects(Engine& engine) {
  EffectSettings& settings = engine.settings().look.effect;
  if (ImGui::RadioButton("none", !settings.effect)) settings.effect = nullptr;
  for (const EffectRow& row : effect_table()) {
    const std::string name(row.name);
    same_line_if_fits(checkbox_width(name.c_str()));
    if (ImGui::RadioButton(name.c_str(), settings.effect == &row)) settings.effect = &row;
  }
  if (settings.effect)
    for (const Setting* parameter : effect_settings(*settings.effect)) draw_setting(*parameter, engine.settings());
}

}  // namespace

void draw_picture_tab(Engine& engine) {
  section_heading("Pattern");
  draw_pattern(engine);
  section_heading("Depth");
  draw_depth(engine);
  section_heading("Effect");
  draw_effects(engine);
}

}  // namespace stereocl
