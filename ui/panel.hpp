#pragma once
// The control panel: a Dear ImGui window down the left side of the window, in three tabs. "Show"
// comes first, for a presenter (the mode, the picture's source and word, presets, recording,
// fullscreen, the keys); "Picture" says how the stereogram is made (pattern, depth, effects);
// "Measure" holds what a developer compares (the modes' hand-over and passes, stage times, the
// benchmark, the device). Show and Picture are kept short enough to fit a 1080-line screen
// whole at --ui-scale 2, so a presenter on a projector never scrolls. It edits
// Engine::settings() directly; the Engine applies the changes at the start of its next frame.
#include "pipeline/engine.hpp"
#include "ui/fading_message.hpp"
#include "ui/file_drop.hpp"

#include <optional>
#include <string>

namespace stereocl {

// Panel width in window units (not pixels) at --ui-scale 1; the main loop docks the picture
// right of it (ui/stage_layout.hpp).
inline constexpr float kPanelWidth = 440.0f;
// The taller of the Show and Picture tabs' whole heights in window units at --ui-scale 1, with a
// message above the tabs: the window asks for this times the scale (tests/panel_fit_test.cpp
// measures it against the panel).
inline constexpr float kPanelTabHeight = 510.0f;

// The panel's ImGui window, for tests that inspect it.
inline constexpr const char* kPanelWindowName = "stereocl  (H hides this panel)";

enum class PanelTab { show, picture, measure };

// What the panel shows besides the Engine's own state.
struct PanelState {
  std::string gl_renderer;  // read once at start: they do not change
  std::string gl_version;
  std::optional<LoadedFile> loaded;  // the last file dropped onto the window
  FadingMessage message;             // the last thing to tell the user: a refused key, a saved screenshot
  FadingMessage saved_sign;          // set by a saved screenshot: a dot in the corner where no panel says it
  std::string layout_note;           // while the picture is not 1:1: why (ui/stage_layout.hpp)
  bool bench_requested = false;      // "Benchmark this mode"; the main loop runs it after drawing
  std::string bench_result;          // what it measured, shown beside the button
  bool screenshot_requested = false;  // the panel's button; the main loop saves it after drawing
  bool record_requested = false;      // the Record / Stop button; app/recording.cpp acts on it
  std::string recording;              // the file being recorded, empty when not recording
  std::string preset;                 // the preset PageDown / PageUp last applied, empty before one
  std::optional<std::string> text_draft;  // the hidden-text field as typed (a draft may be refused)
  std::string text_seen;                  // the engine's word the draft last followed
  int preset_step = 0;                // the Previous / Next buttons: -1 or +1 for the main loop, as PageUp / PageDown
  bool fullscreen_requested = false;  // the Fullscreen button: as F
  bool focus_word_field = false;       // T: the next frame gives the hidden-word field the keyboard
  bool replace_word = false;           // ... with its word selected, until the field has the keyboard
  std::optional<PanelTab> select_tab;  // brings a tab to the front on the next frame (--panel-tab, tests)

  // Reads GL_RENDERER and GL_VERSION from the current context.
  static PanelState for_current_context();
  void show(const DropResult& result);
};

// The panel docked at the window's left edge, `width` window units wide and as tall as the window.
void draw_panel(Engine& engine, PanelState& state, float width);

}  // namespace stereocl
