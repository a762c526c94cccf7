#pragma once
// The panel's separation controls: P and M in pixels, or the viewer's physical setup (dpi, eye
// separation, depth of field) from which P and M follow; either way it shows the separations in
// pixels that the picture will have at the far plane and at the nearest point. Each slider is its
// row's (config/settings_table.hpp): the range is the row's.
#include "pipeline/demo_settings.hpp"

namespace stereocl {

// Any pattern, a picture too, is scaled to P, so both are offered whatever the pattern.
// `screen_dpi`: where --dpi starts when units are switched on.
void draw_separation_controls(DemoSettings& settings, double screen_dpi);

}  // namespace stereocl
