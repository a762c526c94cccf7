#pragma once
// Every key the window binds, and what it does, as data: the window's key handling (ui/key_bindings)
// acts on it, and --help and the panel list it, so no list can name a key that is not bound.
// Key codes are GLFW's (GLFW_KEY_*, ASCII for letters and digits); the mode keys come from the mode
// table and the effect keys from the effect table.
#include "pipeline/mode.hpp"
#include "pipeline/plan/effects.hpp"

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
  type_word,        // T: the panel's hidden-word field takes the keyboard, no mouse needed
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

}  // namespace stereocl
