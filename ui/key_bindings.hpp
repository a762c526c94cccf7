#pragma once
// What each key does, kept apart from GLFW callbacks and GL so the rules are unit-tested:
// key_bindings() lists them (the mode keys from the mode table, the effect keys from the effect
// table), action_for_key() maps a key to an Action, apply_action() carries out the ones that only
// change settings. Quitting, fullscreen and screenshots need the window, so the main loop does those.
#include "pipeline/demo_settings.hpp"
#include "pipeline/plan/effects.hpp"
#include "pipeline/mode.hpp"
#include "ui/quit_guard.hpp"

#include <optional>
#include <string>
#include <vector>

namespace stereocl {

enum class ActionKind {
  cycle_mode,
  pick_mode,      // Action::mode
  toggle_effect,  // Action::effect
  toggle_pause,
  toggle_shimmer,
  screenshot,
  toggle_panel,
  toggle_fullscreen,
  toggle_vsync,
  reseed,
  quit,            // Ctrl+Q (Esc held for a second too: ui/quit_guard.hpp)
  escape,          // Esc, a clicker's start/stop: blank on / off; a second Esc in the moment quits
  toggle_help,     // F1 or '?': the keys over the picture
  next_preset,      // PageDown and PageUp: a clicker's "next slide" and "back" (config/presets.hpp)
  previous_preset,
  toggle_blank,     // B, '.' or F5: a clicker's "blank screen"
  deeper,           // + / -: the depth's extent (max offset M)
  shallower,
  wider_pattern,    // ] / [: the pattern width P, keeping M < P - 1
  narrower_pattern,
  toggle_dots,
  toggle_invert,
  toggle_reveal,    // W: "what was it?" -- the hidden scene fades in over the stereogram, and out
};

struct Action {
  ActionKind kind;
  Mode mode = Mode::scene;            // for pick_mode
  const EffectRow* effect = nullptr;  // for toggle_effect
  friend bool operator==(const Action&, const Action&) = default;
};

struct KeyBinding {
  int key;           // GLFW_KEY_*
  std::string name;  // as printed on the key: "Space", "1", "Esc"
  Action action;
  std::string does;  // one line for the panel's key list
  int other_key = -1;  // GLFW_KEY_UNKNOWN, or a second key that does the same (keypad +, a clicker's '.')
  bool ctrl = false;   // only with Ctrl held (Ctrl+Q): a key no clicker sends
};

// Every binding, in the order the panel lists them.
std::vector<KeyBinding> key_bindings();

// nullopt for keys that do nothing. `mods`: GLFW_MOD_* bits; a binding without ctrl takes the key
// whatever is held.
std::optional<Action> action_for_key(int key, int mods = 0);

// Esc at `now` (seconds): blanks or unblanks, every time; the guard times how long it is held
// (held for kQuitHoldSeconds, it quits: ui/quit_guard.hpp).
void press_escape(QuitGuard& guard, double now, DemoSettings& settings);

// The keys a presenter's clicker sends (PageUp/PageDown, F5, Esc, the arrows): they leave a text
// field being typed in and act, rather than being typed into it or lost. '.' and B, which a clicker
// may also send, are letters a hidden word can hold: they act once the field is left (Return, Esc,
// any key above, a click on the picture).
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
