#pragma once
// The window a run asks for, and the scene it can afford, from the command line.
#include "config/options.hpp"
#include "ui/window.hpp"

namespace stereocl {

// Room for the panel and, beside it, the stereogram at 1:1 with the convergence dots above it.
WindowSettings window_settings_for(const Options& options);
// --ui-scale, or the screen's content scale where none was given.
float ui_scale_for(const Options& options, const Window& window);
// The panel's width in framebuffer pixels at that scale, whether or not it is shown.
int panel_pixels(const Options& options, const Window& window);
// Where no --size was asked for and the screen cannot hold the default scene beside the panel
// (--ui-scale 2, a small screen), the scene shrinks to fit beside it, still 1:1, rather than the
// panel being pushed out.
bool shrinks_beside_panel(const Options& options, const Window& window);

}  // namespace stereocl
