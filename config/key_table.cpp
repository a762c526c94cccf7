#include "config/key_table.hpp"

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

void add_presenter_keys(std::vector<KeyBinding>& bindings) {
  bindings.push_back({GLFW_KEY_PAGE_DOWN, "PgDn", {ActionKind::next_preset}, "next preset (--presets folder)"});
  bindings.push_back({GLFW_KEY_PAGE_UP, "PgUp", {ActionKind::previous_preset}, "previous preset"});
  bindings.push_back({GLFW_KEY_B, "B / .", {ActionKind::toggle_blank}, "black screen on / off", GLFW_KEY_PERIOD});
  bindings.push_back({GLFW_KEY_F5, "F5", {ActionKind::toggle_blank}, "black screen on / off (a clicker's start / stop)"});
  bindings.push_back({GLFW_KEY_ESCAPE, "Esc", {ActionKind::escape}, "black screen on / off; held for 1 s: quit"});
  bindings.push_back({GLFW_KEY_EQUAL, "+", {ActionKind::deeper}, "more depth (max offset M)", GLFW_KEY_KP_ADD});
  bindings.push_back({GLFW_KEY_MINUS, "-", {ActionKind::shallower}, "less depth", GLFW_KEY_KP_SUBTRACT});
  bindings.push_back({GLFW_KEY_RIGHT_BRACKET, "]", {ActionKind::wider_pattern}, "wider pattern (P)"});
  bindings.push_back({GLFW_KEY_LEFT_BRACKET, "[", {ActionKind::narrower_pattern}, "narrower pattern"});
  bindings.push_back({GLFW_KEY_D, "D", {ActionKind::toggle_dots}, "convergence dots on / off"});
  bindings.push_back({GLFW_KEY_I, "I", {ActionKind::toggle_invert}, "invert depth (wall-eyed / cross-eyed)"});
  bindings.push_back({GLFW_KEY_W, "W", {ActionKind::toggle_reveal}, "reveal the hidden scene / back to the stereogram"});
}

}  // namespace

std::vector<KeyBinding> key_bindings() {
  std::vector<KeyBinding> bindings = {{GLFW_KEY_SPACE, "Space", {ActionKind::cycle_mode}, "next mode that can run"}};
  add_mode_keys(bindings);
  bindings.push_back({GLFW_KEY_P, "P", {ActionKind::toggle_pause}, "pause / resume the ball"});
  bindings.push_back({GLFW_KEY_S, "S", {ActionKind::screenshot}, "save the stereogram as a timestamped PNG"});
  add_effect_keys(bindings);
  bindings.push_back({GLFW_KEY_H, "H", {ActionKind::toggle_panel}, "hide / show this panel"});
  bindings.push_back({GLFW_KEY_F, "F", {ActionKind::toggle_fullscreen}, "fullscreen, the scene fitted to it at 1:1 / windowed"});
  bindings.push_back({GLFW_KEY_V, "V", {ActionKind::toggle_vsync}, "vsync on / off"});
  bindings.push_back({GLFW_KEY_R, "R", {ActionKind::reseed}, "new random pattern"});
  add_presenter_keys(bindings);
  bindings.push_back({GLFW_KEY_J, "J", {ActionKind::toggle_shimmer}, "shimmer (fresh dots every frame) on / off"});
  bindings.push_back({GLFW_KEY_T, "T", {ActionKind::type_word}, "type a hidden word in the panel (b, . and arrows type; Return ends)"});
  bindings.push_back({GLFW_KEY_F1, "F1 / ?", {ActionKind::toggle_help}, "these keys over the picture", GLFW_KEY_SLASH});
  bindings.push_back({GLFW_KEY_Q, "Ctrl+Q", {ActionKind::quit}, "quit", GLFW_KEY_UNKNOWN, true});
  return bindings;
}

}  // namespace stereocl
