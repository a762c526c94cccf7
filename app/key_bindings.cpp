#include "app/key_bindings.hpp"

#include "pipeline/mode_table.hpp"

#include <GLFW/glfw3.h>

namespace stereocl {
namespace {

// Letter and digit keys are named by their own character: GLFW's codes for them are ASCII.
std::string key_name(int key) { return std::string(1, static_cast<char>(key)); }

void add_mode_keys(std::vector<KeyBinding>& bindings) {
  for (const ModeRow& row : mode_table())
    bindings.push_back({row.key, key_name(row.key), {ActionKind::pick_mode, row.mode}, std::string(row.display_name) + " mode"});
}

void add_effect_keys(std::vector<KeyBinding>& bindings) {
  for (const EffectRow& row : effect_table())
    bindings.push_back({row.key, key_name(row.key), {ActionKind::toggle_effect, Mode::scene, &row}, std::string(row.key_does)});
}

Status pick_mode(Mode wanted, DemoSettings& settings, const ModeAvailability& availability) {
  const Result<Mode> picked = request_mode(wanted, availability);
  if (!picked) return failure(picked.error());
  settings.mode = *picked;
  return {};
}

// An effect's key switches it on, or off again if it is the one running.
void toggle_effect(const EffectRow* effect, DemoSettings& settings) {
  settings.effect.effect = settings.effect.effect == effect ? nullptr : effect;
}

}  // namespace

std::vector<KeyBinding> key_bindings() {
  std::vector<KeyBinding> bindings = {{GLFW_KEY_SPACE, "Space", {ActionKind::cycle_mode}, "next mode that can run"}};
  add_mode_keys(bindings);
  bindings.push_back({GLFW_KEY_P, "P", {ActionKind::toggle_pause}, "pause / resume the ball"});
  bindings.push_back({GLFW_KEY_S, "S", {ActionKind::screenshot}, "save the stereogram as a timestamped PNG"});
  add_effect_keys(bindings);
  bindings.push_back({GLFW_KEY_H, "H", {ActionKind::toggle_panel}, "hide / show this panel"});
  bindings.push_back({GLFW_KEY_F, "F", {ActionKind::toggle_fullscreen}, "fullscreen / windowed"});
  bindings.push_back({GLFW_KEY_V, "V", {ActionKind::toggle_vsync}, "vsync on / off"});
  bindings.push_back({GLFW_KEY_R, "R", {ActionKind::reseed}, "new random pattern"});
  bindings.push_back({GLFW_KEY_J, "J", {ActionKind::toggle_shimmer}, "shimmer (fresh dots every frame) on / off"});
  bindings.push_back({GLFW_KEY_ESCAPE, "Esc", {ActionKind::quit}, "quit"});
  return bindings;
}

std::optional<Action> action_for_key(int key) {
  for (const KeyBinding& binding : key_bindings())
    if (binding.key == key) return binding.action;
  return std::nullopt;
}

Status apply_action(const Action& action, DemoSettings& settings, const ModeAvailability& availability) {
  switch (action.kind) {
    case ActionKind::cycle_mode: settings.mode = next_available_mode(settings.mode, availability); break;
    case ActionKind::pick_mode: return pick_mode(action.mode, settings, availability);
    case ActionKind::toggle_effect: toggle_effect(action.effect, settings); break;
    case ActionKind::toggle_pause: settings.paused = !settings.paused; break;
    case ActionKind::toggle_shimmer: settings.shimmer = !settings.shimmer; break;
    case ActionKind::toggle_panel: settings.show_panel = !settings.show_panel; break;
    case ActionKind::toggle_vsync: settings.vsync = !settings.vsync; break;
    case ActionKind::reseed: ++settings.seed; break;
    case ActionKind::screenshot:
    case ActionKind::toggle_fullscreen:
    case ActionKind::quit: break;
  }
  return {};
}

}  // namespace stereocl
