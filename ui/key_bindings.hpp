#pragma once
// What each key of config/key_table does, kept apart from GLFW callbacks and GL so the rules are
// unit-tested: action_for_key() maps a key to an Action, apply_action() carries out the ones that
// only change settings. Quitting, fullscreen and screenshots need the window, so the main loop
// does those.
#include "config/key_table.hpp"
#include "pipeline/demo_settings.hpp"
#include "ui/quit_guard.hpp"

#include <optional>
#include <string>
#include <vector>

namespace stereocl {

// nullopt for keys that do nothing. `mods`: GLFW_MOD_* bits; a binding without ctrl takes the key
// whatever is held.
std::optional<Action> action_for_key(int key, int mods = 0);

// Esc at `now` (seconds): blanks or unblanks, every time; the guard times how long it is held
// (held for kQuitHoldSeconds, it quits: ui/quit_guard.hpp).
void press_escape(QuitGuard& guard, double now, DemoSettings& settings);

// The keys a presenter's clicker sends (PageUp/PageDown, F5, Esc, '.', B, the arrows): they leave a
// text field being typed in and act, rather than being typed into it or lost; Return leaves it too.
// A clicker's "blank" button sends '.' or B, so those two are the stage's unless Shift is held:
// Shift+B types a capital B into the word (--text takes any word).
bool reaches_the_stage_while_typing(int key, int mods = 0);

// How far one press of + / - moves M, and ] / [ moves P, in pixels: about 30 presses span the
// default range, and a step is still visible in the picture.
inline constexpr float kDepthStep = 2.0f;
inline constexpr int kPatternWidthStep = 5;

// Changes `settings` as the action asks. Fails with a line for the panel when the action was refused
// ("GPU mode is unavailable: ..."). Window actions (screenshot, fullscreen, quit) and the presets
// (the main loop's PresetCycle reads files) change nothing here.
Status apply_action(const Action& action, DemoSettings& settings, const ModeAvailability& availability);

}  // namespace stereocl
