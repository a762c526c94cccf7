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

// While a text field has the keyboard, typing is typing: every printable key goes into the word
// and the arrows, Home and End move its cursor. Only the keys a clicker sends that nobody types
// (PageUp, PageDown, F5, Esc) leave the field, keeping the word, and act; Return leaves it too.
// A clicker's '.' or B blank from anywhere else: letting them out of the field once cut "bob"
// short and ran the rest of the word as shortcuts.
bool reaches_the_stage_while_typing(int key);

// How far one press of + / - moves M, and ] / [ moves P, in pixels: about 30 presses span the
// default range, and a step is still visible in the picture.
inline constexpr float kDepthStep = 2.0f;
inline constexpr int kPatternWidthStep = 5;

// Changes `settings` as the action asks. Fails with a line for the panel when the action was refused
// ("GPU mode is unavailable: ..."). Window actions (screenshot, fullscreen, quit) and the presets
// (the main loop's PresetCycle reads files) change nothing here.
Status apply_action(const Action& action, DemoSettings& settings, const ModeAvailability& availability);

}  // namespace stereocl
