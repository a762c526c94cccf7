#pragma once
// The window a run asks for, and the scene it can afford, from the command line.
#include "config/options.hpp"
#include "pipeline/demo_settings.hpp"
#include "ui/window.hpp"

namespace stereocl {

// Room for the panel and, beside it, the stereogram at 1:1 with the convergence dots above it.
WindowSettings window_settings_for(const Options& options);
// --ui-scale, or the screen's content scale where none was given.
float ui_scale_for(const Options& options, const Window& window);
// The panel's width in framebuffer pixels at that scale, whether or not it is shown.
int panel_pixels(const Options& options, const Window& window);
// Where no --size was asked for and the window cannot hold the default scene beside the open
// panel (--ui-scale 2, a small screen, H after --no-panel, a preset's wider pattern), the scene
// shrinks to fit beside it, still 1:1, rather than the panel being pushed out. Asked every frame,
// of the settings as they are: `panel_width` in framebuffer pixels, `dot_band` the dots' rows.
bool shrinks_beside_panel(const Options& options, const DemoSettings& settings, Size framebuffer, int panel_width,
                          int dot_band);

}  // namespace stereocl
