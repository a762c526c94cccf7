#include "app/window_setup.hpp"

#include "render/convergence_dots.hpp"
#include "ui/panel.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace stereocl {

WindowSettings window_settings_for(const Options& options) {
  WindowSettings settings;
  // The window cuts this to the screen, and the stage layout decides what yields. --fit asks for
  // the whole screen and makes the scene fit that.
  const float scale = options.ui_scale > 0 ? options.ui_scale : 1.0f;
  const int panel = options.stage.show_panel ? static_cast<int>(kPanelWidth * scale) : 0;
  settings.width = options.fit ? kMaxImageSide
                               : std::max(options.size.width + stereogram_strip_width(options.look.stereogram) + panel, 640);
  // A larger UI scale asks for the panel's height as well (the window cuts it to the screen), so
  // the Show and Picture tabs need no scrolling.
  const int panel_height = options.stage.show_panel ? static_cast<int>(kPanelTabHeight * scale) : 0;
  settings.height = options.fit ? kMaxImageSide
                                : std::max({options.size.height + dot_band_height(convergence_dot_scale(options.stage, scale)),
                                            480, panel_height});
  settings.visible = !options.hidden;
  settings.vsync = options.stage.vsync;
  settings.fullscreen = options.fullscreen;
  settings.monitor = options.monitor;
  settings.gl_api = options.gl_context == "egl" ? GlShareHandles::Api::egl : GlShareHandles::Api::glx;
  return settings;
}

float ui_scale_for(const Options& options, const Window& window) {
  return options.ui_scale > 0 ? options.ui_scale : std::clamp(window.content_scale(), kMinUiScale, kMaxUiScale);
}

int panel_pixels(const Options& options, const Window& window) {
  return static_cast<int>(kPanelWidth * ui_scale_for(options, window) * window.pixels_per_unit());
}

bool shrinks_beside_panel(const Options& options, const DemoSettings& settings, Size framebuffer, int panel_width,
                          int dot_band) {
  // A hidden window shows nothing: its --screenshot keeps the asked-for scene on any screen.
  if (options.size_given || !settings.stage.show_panel || options.fullscreen || options.hidden) return false;
  return framebuffer.width < options.size.width + stereogram_strip_width(settings.look.stereogram) + panel_width ||
         framebuffer.height < options.size.height + dot_band;
}

}  // namespace stereocl
