#pragma once
// The three tabs of the panel (ui/panel.hpp), drawn inside its window.
#include "pipeline/engine.hpp"
#include "ui/panel.hpp"

namespace stereocl {

// For the presenter: the mode, the buttons for the room (screenshot, record, fullscreen, keys),
// the picture's source and hidden word, the presets and a dropped file's role.
void draw_show_tab(Engine& engine, PanelState& state);

// How the stereogram is made: its pattern and dots, its depth (separations, convergence dots,
// fit) and the effect with its parameters.
void draw_picture_tab(Engine& engine);

// For the developer: the modes' hand-over and GL passes, frame and stage times, the benchmark,
// the stereogram algorithm, the debug views, the histogram and the devices.
void draw_measure_tab(Engine& engine, PanelState& state);

}  // namespace stereocl
