#include "ui/panel_separation.hpp"

#include "config/settings_table.hpp"
#include "ui/panel_settings.hpp"
#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <array>
#include <cstdio>
#include <span>

namespace stereocl {

// The Engine refuses a combination of units whose separations are absurd (resolve_units) and keeps
// the last good one, so their sliders may roam their rows' whole ranges.
void draw_separation_controls(DemoSettings& settings, double screen_dpi) {
  StereogramParams& params = settings.look.stereogram;
  bool physical = params.units.has_value();
  if (ImGui::Checkbox("physical units", &physical)) {
    if (physical) params.units = PhysicalGeometry{.dpi = screen_dpi};
    else params.units.reset();  // P and M keep the values the units gave
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", "separations from the screen's dpi, the eyes and the scene's depth (the paper's)");
  const NamedSettings& rows = named_settings();
  const std::array units = {&rows.dpi, &rows.eye_separation, &rows.depth_of_field};
  const std::array pixels = {&rows.pattern_width, &rows.max_offset};
  for (const Setting* row : params.units ? std::span<const Setting* const>(units) : std::span<const Setting* const>(pixels))
    draw_setting(*row, settings);
  const double far = params.units ? separation_px(*params.units, 1.0) : params.pattern_width;
  const double near = params.units ? separation_px(*params.units, 0.0) : params.pattern_width - static_cast<double>(params.max_offset);
  char separation[96];
  std::snprintf(separation, sizeof separation, "separation: far %.1f px, nearest %.1f px", far, near);
  disabled_text_wrapped(separation);  // whole at any panel width
}

}  // namespace stereocl
