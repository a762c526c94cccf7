#pragma once
// The two tabs of the panel (ui/panel.hpp), drawn inside its window.
#include "pipeline/engine.hpp"
#include "ui/panel.hpp"

namespace stereocl {

// For the presenter: the mode, the picture (source, pattern, depth, dots), effects, presets and
// the buttons for the room (screenshot, record, fullscreen, keys).
void draw_show_tab(Engine& demo, PanelState& state);

// For the developer: the modes' hand-over and GL passes, frame and stage times, the benchmark,
// the stereogram algorithm, the debug views, the histogram and the devices.
void draw_measure_tab(Engine& demo, PanelState& state);

}  // namespace stereocl
