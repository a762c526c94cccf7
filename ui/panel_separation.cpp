#include "ui/panel_separation.hpp"

#include "ui/panel_widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace stereocl {
namespace {

void draw_pixel_sliders(StereogramParams& params) {
  width_leaving_label("pattern width");
  if (ImGui::SliderInt("pattern width", &params.pattern_width, kMinPatternWidth, 400, "%d px",
                       ImGuiSliderFlags_AlwaysClamp))
    params.max_offset = std::min(params.max_offset, static_cast<float>(params.pattern_width - 2));
  // M must stay below P - 1 (see validate()); the slider cannot go past P - 2.
  width_leaving_label("max offset");
  ImGui::SliderFloat("max offset", &params.max_offset, 0.0f, static_cast<float>(params.pattern_width - 2), "%.1f px",
                     ImGuiSliderFlags_AlwaysClamp);
}

// The Engine refuses a combination whose separations are absurd (resolve_units) and keeps the last
// good one, so the sliders may roam their whole ranges.
void draw_unit_sliders(PhysicalGeometry& units) {
  float dpi = static_cast<float>(units.dpi), eyes = static_cast<float>(units.eye_separation_mm),
        mu = static_cast<float>(units.depth_of_field);
  width_leaving_label("dpi");
  if (ImGui::SliderFloat("dpi", &dpi, static_cast<float>(kMinDpi), static_cast<float>(kMaxDpi), "%.0f",
                         ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic))
    units.dpi = dpi;
  width_leaving_label("eyes apart");
  if (ImGui::SliderFloat("eyes apart", &eyes, 40.0f, 90.0f, "%.1f mm", ImGuiSliderFlags_AlwaysClamp))
    units.eye_separation_mm = eyes;
  width_leaving_label("depth");
  if (ImGui::SliderFloat("depth", &mu, 0.05f, static_cast<float>(kMaxDepthOfField), "mu %.2f",
                         ImGuiSliderFlags_AlwaysClamp))
    units.depth_of_field = mu;
}

}  // namespace

void draw_separation_controls(StereogramParams& params, double screen_dpi) {
  bool physical = params.units.has_value();
  if (ImGui::Checkbox("physical units", &physical)) {
    if (physical) params.units = PhysicalGeometry{.dpi = screen_dpi};
    else params.units.reset();  // P and M keep the values the units gave
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", "separations from the screen's dpi, the eyes and the scene's depth (the paper's)");
  if (params.units) draw_unit_sliders(*params.units);
  else draw_pixel_sliders(params);
  const double far = params.units ? separation_px(*params.units, 1.0) : params.pattern_width;
  const double near = params.units ? separation_px(*params.units, 0.0) : params.pattern_width - static_cast<double>(params.max_offset);
  char separation[96];
  std::snprintf(separation, sizeof separation, "separation: far %.1f px, nearest %.1f px", far, near);
  disabled_text_wrapped(separation);  // whole at any panel width
}

}  // namespace stereocl
