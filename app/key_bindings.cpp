#include "app/key_bindings.hpp"

#include <GLFW/glfw3.h>

#include <array>
#include <variant>

namespace stereocl {
namespace {

constexpr std::array kBindings = {
    KeyBinding{GLFW_KEY_SPACE, "Space", Action::cycle_mode, "next mode that can run"},
    KeyBinding{GLFW_KEY_1, "1", Action::pick_scene, "Scene mode"},
    KeyBinding{GLFW_KEY_2, "2", Action::pick_cpu, "CPU mode"},
    KeyBinding{GLFW_KEY_3, "3", Action::pick_cpu_readback, "CPU-readback mode"},
    KeyBinding{GLFW_KEY_4, "4", Action::pick_gpu, "GPU mode"},
    KeyBinding{GLFW_KEY_P, "P", Action::toggle_pause, "pause / resume the ball"},
    KeyBinding{GLFW_KEY_S, "S", Action::screenshot, "save the stereogram as a timestamped PNG"},
    KeyBinding{GLFW_KEY_E, "E", Action::toggle_sobel, "Sobel edges on / off"},
    KeyBinding{GLFW_KEY_B, "B", Action::toggle_blur, "blur on / off"},
    KeyBinding{GLFW_KEY_H, "H", Action::toggle_panel, "hide / show this panel"},
    KeyBinding{GLFW_KEY_F, "F", Action::toggle_fullscreen, "fullscreen / windowed"},
    KeyBinding{GLFW_KEY_V, "V", Action::toggle_vsync, "vsync on / off"},
    KeyBinding{GLFW_KEY_R, "R", Action::reseed, "new random pattern"},
    KeyBinding{GLFW_KEY_ESCAPE, "Esc", Action::quit, "quit"},
};

Status pick_mode(Mode wanted, DemoSettings& settings, const ModeAvailability& availability) {
  const Result<Mode> picked = request_mode(wanted, availability);
  if (!picked) return failure(picked.error());
  settings.mode = *picked;
  return {};
}

// E and B switch their effect on, or off again if it is the one running.
void toggle_effect(Effect effect, DemoSettings& settings) {
  settings.effect.effect = settings.effect.effect == effect ? Effect::none : effect;
}

}  // namespace

std::span<const KeyBinding> key_bindings() { return kBindings; }

std::optional<Action> action_for_key(int key) {
  for (const KeyBinding& binding : kBindings)
    if (binding.key == key) return binding.action;
  return std::nullopt;
}

Status apply_action(Action action, DemoSettings& settings, const ModeAvailability& availability) {
  switch (action) {
    case Action::cycle_mode: settings.mode = next_available_mode(settings.mode, availability); break;
    case Action::pick_scene: return pick_mode(Mode::scene, settings, availability);
    case Action::pick_cpu: return pick_mode(Mode::cpu, settings, availability);
    case Action::pick_cpu_readback: return pick_mode(Mode::cpu_readback, settings, availability);
    case Action::pick_gpu: return pick_mode(Mode::gpu, settings, availability);
    case Action::toggle_pause: settings.paused = !settings.paused; break;
    case Action::toggle_sobel: toggle_effect(Effect::sobel, settings); break;
    case Action::toggle_blur: toggle_effect(Effect::blur, settings); break;
    case Action::toggle_panel: settings.show_panel = !settings.show_panel; break;
    case Action::toggle_vsync: settings.vsync = !settings.vsync; break;
    case Action::reseed: ++settings.seed; break;
    case Action::screenshot:
    case Action::toggle_fullscreen:
    case Action::quit: break;
  }
  return {};
}

}  // namespace stereocl
