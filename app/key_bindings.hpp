#pragma once
// What each key does, kept apart from GLFW callbacks and GL so the rules are unit-tested:
// action_for_key() maps a key to an Action, apply_action() carries out the ones that only change
// settings. Quitting, fullscreen and screenshots need the window, so the main loop does those.
#include "app/demo_settings.hpp"
#include "pipeline/mode.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace stereocl {

enum class Action {
  cycle_mode,
  pick_scene,
  pick_cpu,
  pick_cpu_readback,
  pick_gpu,
  toggle_pause,
  screenshot,
  toggle_sobel,
  toggle_blur,
  toggle_panel,
  toggle_fullscreen,
  toggle_vsync,
  reseed,
  quit,
};

struct KeyBinding {
  int key;                // GLFW_KEY_*
  std::string_view name;  // as printed on the key: "Space", "1", "Esc"
  Action action;
  std::string_view does;  // one line for the panel's key list
};

// Every binding, in the order the panel lists them.
std::span<const KeyBinding> key_bindings();

// nullopt for keys that do nothing.
std::optional<Action> action_for_key(int key);

// Changes `settings` as the action asks. Fails with a line for the panel when the action was refused
// ("GPU mode is unavailable: ..."). Window actions (screenshot, fullscreen, quit) change nothing here.
Status apply_action(Action action, DemoSettings& settings, const ModeAvailability& availability);

}  // namespace stereocl
