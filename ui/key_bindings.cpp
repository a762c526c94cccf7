#include "ui/key_bindings.hpp"

#include "core/number_text.hpp"
#include "pipeline/mode_table.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>

namespace stereocl {
namespace {

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

// The largest M the stereogram takes for a pattern width: validate() wants M < P - 1, and the
// symmetric algorithm a nearest separation P - M of 2 px at least; P - 2 satisfies both.
float largest_offset(int pattern_width) { return static_cast<float>(pattern_width - 2); }

// The seam for the physical units of the symmetric algorithm: there +/- would step the depth of
// field mu; the pixel geometry this app runs on has M.
Status step_depth(float direction, DemoSettings& settings) {
  StereogramParams& params = settings.stereogram;
  const float wanted = params.max_offset + direction * kDepthStep;
  const float stepped = std::clamp(wanted, 0.0f, largest_offset(params.pattern_width));
  if (stepped == params.max_offset)
    return failure("max offset " + number_text(stepped) +
                   (direction > 0 ? ": at its largest for pattern width " + std::to_string(params.pattern_width) +
                                        " (M < P - 1); ] widens the pattern"
                                  : ": already 0, a flat picture"));
  params.max_offset = stepped;
  return {};
}

Status step_pattern_width(int direction, DemoSettings& settings) {
  StereogramParams& params = settings.stereogram;
  const int stepped = std::clamp(params.pattern_width + direction * kPatternWidthStep, kMinPatternWidth, kMaxPatternWidth);
  if (stepped == params.pattern_width)
    return failure("pattern width " + std::to_string(stepped) + ": already at the " + (direction > 0 ? "largest" : "smallest") +
                   " (" + std::to_string(kMinPatternWidth) + ".." + std::to_string(kMaxPatternWidth) + ")");
  params.pattern_width = stepped;
  params.max_offset = std::min(params.max_offset, largest_offset(stepped));  // as the panel's slider does
  return {};
}

}  // namespace

std::optional<Action> action_for_key(int key, int mods) {
  for (const KeyBinding& binding : key_bindings()) {
    if (binding.ctrl && (mods & GLFW_MOD_CONTROL) == 0) continue;
    if (binding.key == key || (binding.other_key != GLFW_KEY_UNKNOWN && binding.other_key == key)) return binding.action;
  }
  return std::nullopt;
}

void press_escape(QuitGuard& guard, double now, DemoSettings& settings) {
  guard.press(now);
  settings.blank = !settings.blank;
}

bool reaches_the_stage_while_typing(int key, int mods) {
  switch (key) {
    case GLFW_KEY_B:
    case GLFW_KEY_PERIOD:
      return (mods & GLFW_MOD_SHIFT) == 0;
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
    case GLFW_KEY_PAGE_UP:
    case GLFW_KEY_PAGE_DOWN:
    case GLFW_KEY_F5:
    case GLFW_KEY_ESCAPE:
    case GLFW_KEY_UP:
    case GLFW_KEY_DOWN:
    case GLFW_KEY_LEFT:
    case GLFW_KEY_RIGHT:
      return true;
    default:
      return false;
  }
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
    case ActionKind::toggle_blank: settings.blank = !settings.blank; break;
    case ActionKind::toggle_help: settings.show_keys = !settings.show_keys; break;
    case ActionKind::deeper: return step_depth(+1.0f, settings);
    case ActionKind::shallower: return step_depth(-1.0f, settings);
    case ActionKind::wider_pattern: return step_pattern_width(+1, settings);
    case ActionKind::narrower_pattern: return step_pattern_width(-1, settings);
    case ActionKind::toggle_dots: settings.convergence_dots = !settings.convergence_dots; break;
    case ActionKind::toggle_invert: settings.invert_depth = !settings.invert_depth; break;
    case ActionKind::toggle_reveal: settings.reveal = !settings.reveal; break;
    case ActionKind::next_preset:
    case ActionKind::previous_preset:
    case ActionKind::screenshot:
    case ActionKind::toggle_fullscreen:
    case ActionKind::type_word:
    case ActionKind::escape:
    case ActionKind::quit: break;
  }
  return {};
}

}  // namespace stereocl
