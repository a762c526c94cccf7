#pragma once
// What the window shows around the picture, as one value: a part of Settings
// (pipeline/settings.hpp), to whose fields the settings table's rows (config/settings_table.cpp)
// bind. The rows give the defaults; a StageSettings{} is all off.
namespace stereocl {

struct StageSettings {
  bool vsync = false;             // wait for the screen's refresh (--no-vsync turns it off)
  int max_fps = 0;                // at most this many frames a second in the window, 0: no limit
  bool show_panel = false;        // --no-panel, H
  bool convergence_dots = false;  // the two dots above the picture (--no-convergence-dots, D)
  bool guide_dots = false;        // those dots in saved pictures too (--guide-dots)
  float convergence_dot_size = 0;  // the window's dots, times their own size (--convergence-dot-size)
  friend bool operator==(const StageSettings&, const StageSettings&) = default;
};

// How large the window draws the convergence dots, and the band it keeps for them: the UI's scale
// (--ui-scale) times their own size.
inline float convergence_dot_scale(const StageSettings& stage, float ui_scale) {
  return ui_scale * stage.convergence_dot_size;
}

}  // namespace stereocl
