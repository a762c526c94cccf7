// Key bindings without a window: which key does what, and what 1-4 say for a mode that cannot run.
#include "render/reveal_blend.hpp"
#include "ui/key_bindings.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "pipeline/mode_table.hpp"
#include "ui/stage_overlay.hpp"
#include "config/settings_table.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <set>

namespace stereocl {
namespace {

ModeAvailability without_gpu() {
  ModeAvailability availability;
  availability.disable(Mode::gpu, "this OpenCL device cannot share GL textures");
  availability.disable(Mode::gpu_extmem, "OpenCL import: the device lacks cl_khr_external_memory_opaque_fd");
  return availability;
}

Action pick(Mode mode) { return {ActionKind::pick_mode, mode}; }
Action toggle(std::string_view effect) { return {ActionKind::toggle_effect, Mode::scene, find_effect(effect)}; }

TEST(KeyBindings, TheIssueKeysMapToTheirActions) {
  EXPECT_EQ(action_for_key(GLFW_KEY_SPACE), Action{ActionKind::cycle_mode});
  EXPECT_EQ(action_for_key(GLFW_KEY_1), pick(Mode::scene));
  EXPECT_EQ(action_for_key(GLFW_KEY_2), pick(Mode::cpu));
  EXPECT_EQ(action_for_key(GLFW_KEY_3), pick(Mode::cpu_readback));
  EXPECT_EQ(action_for_key(GLFW_KEY_4), pick(Mode::gpu));
  EXPECT_EQ(action_for_key(GLFW_KEY_P), Action{ActionKind::toggle_pause});
  EXPECT_EQ(action_for_key(GLFW_KEY_S), Action{ActionKind::screenshot});
  EXPECT_EQ(action_for_key(GLFW_KEY_E), toggle("sobel"));
  EXPECT_EQ(action_for_key(GLFW_KEY_L), toggle("blur"));
  EXPECT_EQ(action_for_key(GLFW_KEY_H), Action{ActionKind::toggle_panel});
  EXPECT_EQ(action_for_key(GLFW_KEY_F), Action{ActionKind::toggle_fullscreen});
  EXPECT_EQ(action_for_key(GLFW_KEY_V), Action{ActionKind::toggle_vsync});
  EXPECT_EQ(action_for_key(GLFW_KEY_R), Action{ActionKind::reseed});
  EXPECT_EQ(action_for_key(GLFW_KEY_ESCAPE), Action{ActionKind::escape});
  EXPECT_EQ(action_for_key(GLFW_KEY_F5), Action{ActionKind::toggle_blank});
  EXPECT_EQ(action_for_key(GLFW_KEY_F1), Action{ActionKind::toggle_help});
  EXPECT_EQ(action_for_key(GLFW_KEY_SLASH), Action{ActionKind::toggle_help});
  EXPECT_EQ(action_for_key(GLFW_KEY_Q, GLFW_MOD_CONTROL), Action{ActionKind::quit});
  EXPECT_EQ(action_for_key(GLFW_KEY_PAGE_DOWN), Action{ActionKind::next_preset});
  EXPECT_EQ(action_for_key(GLFW_KEY_PAGE_UP), Action{ActionKind::previous_preset});
  EXPECT_EQ(action_for_key(GLFW_KEY_B), Action{ActionKind::toggle_blank});
  EXPECT_EQ(action_for_key(GLFW_KEY_PERIOD), Action{ActionKind::toggle_blank});
  EXPECT_EQ(action_for_key(GLFW_KEY_EQUAL), Action{ActionKind::deeper});
  EXPECT_EQ(action_for_key(GLFW_KEY_KP_ADD), Action{ActionKind::deeper});
  EXPECT_EQ(action_for_key(GLFW_KEY_MINUS), Action{ActionKind::shallower});
  EXPECT_EQ(action_for_key(GLFW_KEY_KP_SUBTRACT), Action{ActionKind::shallower});
  EXPECT_EQ(action_for_key(GLFW_KEY_RIGHT_BRACKET), Action{ActionKind::wider_pattern});
  EXPECT_EQ(action_for_key(GLFW_KEY_LEFT_BRACKET), Action{ActionKind::narrower_pattern});
  EXPECT_EQ(action_for_key(GLFW_KEY_D), Action{ActionKind::toggle_dots});
  EXPECT_EQ(action_for_key(GLFW_KEY_I), Action{ActionKind::toggle_invert});
  EXPECT_EQ(action_for_key(GLFW_KEY_Q), std::nullopt);
  EXPECT_EQ(action_for_key(GLFW_KEY_UNKNOWN), std::nullopt);  // no binding's absent second key
  EXPECT_EQ(action_for_key(GLFW_KEY_5), pick(Mode::gpu_extmem));
  EXPECT_EQ(action_for_key(GLFW_KEY_6), pick(Mode::gl_compute));
  EXPECT_EQ(action_for_key(GLFW_KEY_7), std::nullopt);
}

// A clicker's start/stop sends Esc: each press blanks or unblanks, however quickly they come: the
// presenter's "oops" Esc, Esc (within 0.5 s) leaves the demo running and unblanked.
TEST(StageKeys, EscBlanksAndUnblanksAndNeverQuitsByTapping) {
  QuitGuard guard;
  DemoSettings settings;
  press_escape(guard, 100.0, settings);
  EXPECT_TRUE(settings.blank);
  guard.release();
  press_escape(guard, 100.4, settings);
  EXPECT_FALSE(settings.blank);
  guard.release();
  EXPECT_FALSE(guard.held_to_quit(105.0));
}

// While a word is typed, only the clicker's keys nobody types leave the field and act, and Return
// leaves it; letters ('b' too), '.', digits, space and the cursor keys are the field's.
TEST(StageKeys, OnlyTheClickersUntypableKeysLeaveAWordBeingTyped) {
  for (const int key : {GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_DOWN, GLFW_KEY_F5, GLFW_KEY_ESCAPE, GLFW_KEY_ENTER})
    EXPECT_TRUE(reaches_the_stage_while_typing(key)) << key;
  for (const int key : {GLFW_KEY_A, GLFW_KEY_B, GLFW_KEY_S, GLFW_KEY_PERIOD, GLFW_KEY_3, GLFW_KEY_SPACE,
                        GLFW_KEY_BACKSPACE, GLFW_KEY_LEFT, GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN, GLFW_KEY_HOME,
                        GLFW_KEY_END})
    EXPECT_FALSE(reaches_the_stage_while_typing(key)) << key;
}

// With the panel hidden nothing is drawn over the picture, a mode fallback's notice included.
TEST(StageKeys, NoMessageIsDrawnOverThePicture) {
  DemoSettings settings;
  settings.stage.show_panel = false;
  EXPECT_FALSE(overlays_to_draw(false, settings, true).message);
  EXPECT_FALSE(overlays_to_draw(true, settings, true).message);
  settings.blank = true;
  EXPECT_TRUE(overlays_to_draw(false, settings, true).message) << "a black screen has no picture to cover";
}

// S with the panel hidden (fullscreen on stage): a sign for the presenter, never words, and none on
// a blanked screen or where the panel's status line says it.
TEST(StageKeys, ASavedPictureShowsASignOnlyWhereNoPanelSaysSo) {
  DemoSettings settings;
  settings.stage.show_panel = false;
  EXPECT_TRUE(overlays_to_draw(false, settings, true, true).saved_sign);
  EXPECT_FALSE(overlays_to_draw(false, settings, true, true).message) << "the sign, not the message";
  EXPECT_FALSE(overlays_to_draw(false, settings, true, false).saved_sign);
  EXPECT_FALSE(overlays_to_draw(true, settings, true, true).saved_sign) << "the panel's status line says it";
  settings.blank = true;
  EXPECT_FALSE(overlays_to_draw(false, settings, true, true).saved_sign);
}

TEST(StageKeys, F5BlanksThePanelAndTheKeyListToo) {
  DemoSettings settings;
  settings.show_keys = true;
  EXPECT_TRUE(overlays_to_draw(true, settings, false).panel);
  EXPECT_TRUE(apply_action(*action_for_key(GLFW_KEY_F5), settings, without_gpu()).ok());
  const Overlays blanked = overlays_to_draw(true, settings, true);
  EXPECT_FALSE(blanked.panel);
  EXPECT_FALSE(blanked.keys);
  EXPECT_TRUE(blanked.message) << "the hint a presenter needs still fades in";
  EXPECT_TRUE(apply_action(*action_for_key(GLFW_KEY_F5), settings, without_gpu()).ok());
  EXPECT_TRUE(overlays_to_draw(true, settings, false).panel);
}

TEST(StageKeys, F1ShowsTheKeysWithOrWithoutThePanel) {
  DemoSettings settings;
  settings.stage.show_panel = false;
  EXPECT_FALSE(overlays_to_draw(false, settings, false).any());
  EXPECT_TRUE(apply_action(*action_for_key(GLFW_KEY_F1), settings, without_gpu()).ok());
  EXPECT_TRUE(overlays_to_draw(false, settings, false).keys);
}

TEST(KeyBindings, EveryKeyIsBoundOnceAndDescribed) {
  std::set<int> keys;
  for (const KeyBinding& binding : key_bindings()) {
    EXPECT_TRUE(keys.insert(binding.key).second) << binding.name;
    if (binding.other_key != GLFW_KEY_UNKNOWN) EXPECT_TRUE(keys.insert(binding.other_key).second) << binding.name;
    EXPECT_FALSE(binding.name.empty());
    EXPECT_FALSE(binding.does.empty());
  }
}

// The keys come from the tables: a new mode or effect row brings its key, or the build of
// this test fails here rather than the key silently doing nothing.
TEST(KeyBindings, EveryModeAndEffectOfTheTablesHasItsKey) {
  for (const ModeRow& row : mode_table()) EXPECT_EQ(action_for_key(row.key), pick(row.mode)) << row.cli_name;
  for (const EffectRow& row : effect_table()) EXPECT_EQ(action_for_key(row.key), toggle(row.name)) << row.name;
}

TEST(KeyBindings, SpaceCyclesSkippingModesThatCannotRun) {
  DemoSettings settings;
  settings.mode = Mode::cpu_readback;
  EXPECT_TRUE(apply_action(Action{ActionKind::cycle_mode}, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::gl_compute);  // GL alone: it needs no OpenCL
  EXPECT_TRUE(apply_action(Action{ActionKind::cycle_mode}, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_TRUE(apply_action(Action{ActionKind::cycle_mode}, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST(KeyBindings, NumberKeysPickAModeThatRuns) {
  DemoSettings settings;
  EXPECT_TRUE(apply_action(pick(Mode::scene), settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_TRUE(apply_action(pick(Mode::cpu_readback), settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::cpu_readback);
}

// Both modes named: the one asked for, why not, and the one that goes on (issue 59).
TEST(KeyBindings, NumberKeysRefuseAModeThatCannotRunWithTheReason) {
  DemoSettings settings;
  settings.mode = Mode::cpu;
  const auto message = apply_action(pick(Mode::gpu), settings, without_gpu());
  ASSERT_FALSE(message.ok());
  EXPECT_EQ(message.error(), "GPU mode is unavailable: this OpenCL device cannot share GL textures; running CPU mode");
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST(KeyBindings, EffectKeysToggleTheirEffectAndSwitchBetweenThem) {
  DemoSettings settings;
  const ModeAvailability all;
  EXPECT_TRUE(apply_action(toggle("sobel"), settings, all).ok());
  EXPECT_EQ(settings.look.effect.effect, find_effect("sobel"));
  EXPECT_TRUE(apply_action(toggle("blur"), settings, all).ok());
  EXPECT_EQ(settings.look.effect.effect, find_effect("blur"));
  EXPECT_TRUE(apply_action(toggle("blur"), settings, all).ok());
  EXPECT_EQ(settings.look.effect.effect, nullptr);
}

TEST(KeyBindings, TogglesFlipTheirSettingAndBack) {
  DemoSettings settings;
  const ModeAvailability all;
  const DemoSettings before = settings;
  for (ActionKind kind : {ActionKind::toggle_pause, ActionKind::toggle_panel, ActionKind::toggle_vsync, ActionKind::toggle_shimmer}) {
    const Action action{kind};
    EXPECT_TRUE(apply_action(action, settings, all).ok());
    EXPECT_TRUE(apply_action(action, settings, all).ok());
  }
  EXPECT_EQ(settings.paused, before.paused);
  EXPECT_EQ(settings.stage.show_panel, before.stage.show_panel);
  EXPECT_EQ(settings.stage.vsync, before.stage.vsync);
  EXPECT_EQ(settings.shimmer, before.shimmer);
  EXPECT_TRUE(apply_action(Action{ActionKind::toggle_pause}, settings, all).ok());
  EXPECT_NE(settings.paused, before.paused);
  EXPECT_TRUE(apply_action(*action_for_key(GLFW_KEY_J), settings, all).ok());
  EXPECT_NE(settings.shimmer, before.shimmer);
}

TEST(KeyBindings, ReseedGivesANewPatternSeed) {
  DemoSettings settings;
  const auto seed = settings.look.seed;
  EXPECT_TRUE(apply_action(Action{ActionKind::reseed}, settings, ModeAvailability{}).ok());
  EXPECT_NE(settings.look.seed, seed);
}

TEST(KeyBindings, WindowActionsLeaveTheSettingsAlone) {
  for (ActionKind kind : {ActionKind::screenshot, ActionKind::toggle_fullscreen, ActionKind::quit}) {
    const Action action{kind};
    DemoSettings settings;
    EXPECT_TRUE(apply_action(action, settings, ModeAvailability{}).ok());
    EXPECT_EQ(settings.mode, DemoSettings{}.mode);
    EXPECT_EQ(settings.paused, DemoSettings{}.paused);
    EXPECT_EQ(settings.stage.show_panel, DemoSettings{}.stage.show_panel);
  }
}

// Presses `key` as the window would and returns what apply_action said.
Status press(int key, DemoSettings& settings) {
  const auto action = action_for_key(key);
  if (!action) return failure("unbound key");
  return apply_action(*action, settings, ModeAvailability{});
}

TEST(KeyBindings, PlusAndMinusStepTheMaxOffsetWithinItsRange) {
  DemoSettings settings;
  settings.look.stereogram = {.pattern_width = 20, .max_offset = 10.0f};
  EXPECT_TRUE(press(GLFW_KEY_EQUAL, settings).ok());
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 10.0f + kDepthStep);
  EXPECT_TRUE(press(GLFW_KEY_KP_SUBTRACT, settings).ok());
  EXPECT_TRUE(press(GLFW_KEY_MINUS, settings).ok());
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 10.0f - kDepthStep);
  for (int i = 0; i < 20; ++i) (void)press(GLFW_KEY_EQUAL, settings);
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 18.0f);  // P - 2: M < P - 1 holds
  EXPECT_TRUE(validate(settings.look.stereogram).ok());
  const Status refused = press(GLFW_KEY_EQUAL, settings);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "max offset 18: at its largest for pattern width 20 (M < P - 1); ] widens the pattern");
  for (int i = 0; i < 20; ++i) (void)press(GLFW_KEY_MINUS, settings);
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 0.0f);
  EXPECT_FALSE(press(GLFW_KEY_MINUS, settings).ok());
}

TEST(KeyBindings, BracketsStepThePatternWidthAndKeepTheOffsetValid) {
  DemoSettings settings;
  settings.look.stereogram = {.pattern_width = 20, .max_offset = 18.0f};
  EXPECT_TRUE(press(GLFW_KEY_RIGHT_BRACKET, settings).ok());
  EXPECT_EQ(settings.look.stereogram.pattern_width, 20 + kPatternWidthStep);
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 18.0f);
  EXPECT_TRUE(press(GLFW_KEY_LEFT_BRACKET, settings).ok());
  EXPECT_TRUE(press(GLFW_KEY_LEFT_BRACKET, settings).ok());
  EXPECT_EQ(settings.look.stereogram.pattern_width, 20 - kPatternWidthStep);
  EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 20.0f - kPatternWidthStep - 2.0f);  // lowered with P
  settings.look.stereogram.algorithm = StereogramAlgorithm::symmetric;
  for (int i = 0; i < 10; ++i) (void)press(GLFW_KEY_LEFT_BRACKET, settings);
  EXPECT_EQ(settings.look.stereogram.pattern_width, kMinPatternWidth);
  EXPECT_TRUE(validate_for_algorithm(settings.look.stereogram).ok());
  EXPECT_FALSE(press(GLFW_KEY_LEFT_BRACKET, settings).ok());
}

// A picture is scaled to P like any pattern, so the brackets change P whatever the pattern.
TEST(KeyBindings, BracketsWidenAnImagePatternToo) {
  DemoSettings settings;
  settings.look.pattern_kind = PatternKind::image;
  settings.look.stereogram.pattern_width = 120;
  EXPECT_TRUE(press(GLFW_KEY_RIGHT_BRACKET, settings).ok());
  EXPECT_EQ(settings.look.stereogram.pattern_width, 120 + kPatternWidthStep);
}

TEST(KeyBindings, DotsInvertAndBlankToggle) {
  DemoSettings settings;
  const DemoSettings before = settings;
  EXPECT_TRUE(press(GLFW_KEY_D, settings).ok());
  EXPECT_NE(settings.stage.convergence_dots, before.stage.convergence_dots);
  EXPECT_TRUE(press(GLFW_KEY_I, settings).ok());
  EXPECT_NE(settings.look.invert_depth, before.look.invert_depth);
  EXPECT_TRUE(press(GLFW_KEY_B, settings).ok());
  EXPECT_TRUE(settings.blank);
  EXPECT_TRUE(press(GLFW_KEY_PERIOD, settings).ok());  // the clicker's other "blank" key undoes it
  EXPECT_FALSE(settings.blank);
  EXPECT_TRUE(press(GLFW_KEY_D, settings).ok());
  EXPECT_EQ(settings.stage.convergence_dots, before.stage.convergence_dots);
}

TEST(KeyBindings, WRevealsTheHiddenSceneAndThePressAfterHidesIt) {
  DemoSettings settings;
  ASSERT_FALSE(settings.reveal);
  EXPECT_TRUE(press(GLFW_KEY_W, settings).ok());
  EXPECT_TRUE(settings.reveal);
  const DemoSettings revealed = settings;
  EXPECT_TRUE(press(GLFW_KEY_W, settings).ok());
  EXPECT_FALSE(settings.reveal);
  EXPECT_EQ(revealed.mode, settings.mode) << "the reveal changes nothing else";
}

TEST(Reveal, FadesInOverHalfASecondAndOutAgain) {
  EXPECT_FLOAT_EQ(step_reveal(0.f, true, kRevealSeconds / 2), 0.5f) << "mid-fade";
  EXPECT_FLOAT_EQ(step_reveal(0.5f, true, kRevealSeconds), 1.f) << "held at the scene";
  EXPECT_FLOAT_EQ(step_reveal(1.f, false, kRevealSeconds / 4), 0.75f) << "the next press fades back";
  EXPECT_FLOAT_EQ(step_reveal(0.1f, false, 1.0), 0.f);
  EXPECT_FLOAT_EQ(step_reveal(0.f, false, 0.02), 0.f) << "nothing to fade while hidden";
}

TEST(KeyBindings, PresetKeysChangeNoSettingThemselves) {
  // The main loop's PresetCycle reads the files (tests/presets_test.cpp); apply_action must not guess.
  for (int key : {GLFW_KEY_PAGE_DOWN, GLFW_KEY_PAGE_UP}) {
    DemoSettings settings;
    settings.look.stereogram.max_offset = 12.0f;
    settings.look.pattern_kind = PatternKind::random_colour;
    EXPECT_TRUE(press(key, settings).ok());
    EXPECT_EQ(settings.look.pattern_kind, PatternKind::random_colour);
    EXPECT_EQ(settings.mode, DemoSettings{}.mode);
    EXPECT_FLOAT_EQ(settings.look.stereogram.max_offset, 12.0f);
  }
}

// ] [ + - stop where the panel's sliders do: at the rows' ranges, and M at the largest the rule
// M < P - 1 leaves (config/settings_table.hpp), each saying why in one line.
TEST(KeyBindings, PatternAndDepthKeysStopAtTheRowsLimits) {
  const NamedSettings& rows = named_settings();
  DemoSettings settings;
  const ModeAvailability availability;
  const auto press_until_refused = [&](ActionKind kind) {
    for (int press = 0; press < 2000; ++press)
      if (const Status done = apply_action(Action{kind}, settings, availability); !done) return done.error();
    return std::string("never refused");
  };
  EXPECT_NE(press_until_refused(ActionKind::wider_pattern).find("largest"), std::string::npos);
  EXPECT_EQ(settings.look.stereogram.pattern_width, rows.pattern_width.max);
  EXPECT_NE(press_until_refused(ActionKind::deeper).find("at its largest"), std::string::npos);
  EXPECT_EQ(settings.look.stereogram.max_offset, running_range(rows.max_offset, settings).max);
  EXPECT_NE(press_until_refused(ActionKind::narrower_pattern).find("smallest"), std::string::npos);
  EXPECT_EQ(settings.look.stereogram.pattern_width, rows.pattern_width.min);
  EXPECT_EQ(settings.look.stereogram.max_offset, running_range(rows.max_offset, settings).max) << "M follows P down";
  EXPECT_TRUE(validate(settings.look.stereogram));
  EXPECT_NE(press_until_refused(ActionKind::shallower).find("flat"), std::string::npos);
  EXPECT_EQ(settings.look.stereogram.max_offset, rows.max_offset.min);
}

}  // namespace
}  // namespace stereocl
