#include "ui/key_bindings.hpp"

#include "config/settings_table.hpp"
#include "pipeline/mode_table.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>

namespace stereocl {
namespace {

Status pick_mode(Mode wanted, DemoSettings& settings, const ModeAvailability& availability) {
  // Both modes named: the one asked for and why not, and the one that goes on running.
  const Result<Mode> picked = request_mode(wanted, availability);
  if (!picked) return failure(picked.error() + "; running " + std::string(mode_display_name(settings.mode)) + " mode");
  settings.mode = *picked;
  return {};
}

// An effect's key switches it on, or off again if it is the one running.
void toggle_effect(const EffectRow* effect, DemoSettings& settings) {
  settings.look.effect.effect = settings.look.effect.effect == effect ? nullptr : effect;
}

// The seam for the physical units of the symmetric algorithm: there +/- would step the depth of
// field mu; the pixel geometry this app runs on has M. Both keys stop where the panel's sliders
// do: at their rows' ranges (config/settings_table.hpp).
Status step_depth(float direction, DemoSettings& settings) {
  StereogramParams& params = settings.look.stereogram;
  const RunningRange range = running_range(named_settings().max_offset, settings);
  const float wanted = params.max_offset + direction * kDepthStep;
  const float stepped = std::clamp(wanted, static_cast<float>(range.min), static_cast<float>(range.max));
  if (stepped == params.max_offset)
    return failure("max offset " + number_text(stepped) +
                   (direction > 0 ? ": at its largest for pattern width " + std::to_string(params.pattern_width) +
                                        " (M < P - 1); ] widens the pattern"
                                  : ": already " + number_text(range.min) + ", a flat picture"));
  params.max_offset = stepped;
  return {};
}

Status step_pattern_width(int direction, DemoSettings& settings) {
  const Setting& row = named_settings().pattern_width;
  const RunningRange range = running_range(row, settings);
  const int old_width = settings.look.stereogram.pattern_width;
  const double stepped = std::clamp(static_cast<double>(old_width + direction * kPatternWidthStep), range.min, range.max);
  if (static_cast<int>(stepped) == old_width)
    return failure("pattern width " + std::to_string(old_width) + ": already at the " +
                   (direction > 0 ? "largest" : "smallest") + " (" + number_text(range.min) + ".." +
                   number_text(range.max) + ")");
  row.access.set_value(row, settings, stepped);  // M follows as on the panel
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

bool reaches_the_stage_while_typing(int key) {
  switch (key) {
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
    case GLFW_KEY_PAGE_UP:
    case GLFW_KEY_PAGE_DOWN:
    case GLFW_KEY_F5:
    case GLFW_KEY_ESCAPE:
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
    case ActionKind::toggle_panel: settings.stage.show_panel = !settings.stage.show_panel; break;
    case ActionKind::toggle_vsync: settings.stage.vsync = !settings.stage.vsync; break;
    case ActionKind::reseed: ++settings.look.seed; break;
    case ActionKind::toggle_blank: settings.blank = !settings.blank; break;
    case ActionKind::toggle_help: settings.show_keys = !settings.show_keys; break;
    case ActionKind::deeper: return step_depth(+1.0f, settings);
    case ActionKind::shallower: return step_depth(-1.0f, settings);
    case ActionKind::wider_pattern: return step_pattern_width(+1, settings);
    case ActionKind::narrower_pattern: return step_pattern_width(-1, settings);
    case ActionKind::toggle_dots: settings.stage.convergence_dots = !settings.stage.convergence_dots; break;
    case ActionKind::toggle_invert: settings.look.invert_depth = !settings.look.invert_depth; break;
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
