// Key bindings without a window: which key does what, and what 1-4 say for a mode that cannot run.
#include "app/key_bindings.hpp"
#include "pipeline/mode_table.hpp"

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
  EXPECT_EQ(action_for_key(GLFW_KEY_B), toggle("blur"));
  EXPECT_EQ(action_for_key(GLFW_KEY_H), Action{ActionKind::toggle_panel});
  EXPECT_EQ(action_for_key(GLFW_KEY_F), Action{ActionKind::toggle_fullscreen});
  EXPECT_EQ(action_for_key(GLFW_KEY_V), Action{ActionKind::toggle_vsync});
  EXPECT_EQ(action_for_key(GLFW_KEY_R), Action{ActionKind::reseed});
  EXPECT_EQ(action_for_key(GLFW_KEY_ESCAPE), Action{ActionKind::quit});
  EXPECT_EQ(action_for_key(GLFW_KEY_Q), std::nullopt);
  EXPECT_EQ(action_for_key(GLFW_KEY_5), pick(Mode::gpu_extmem));
  EXPECT_EQ(action_for_key(GLFW_KEY_6), std::nullopt);
}

TEST(KeyBindings, EveryKeyIsBoundOnceAndDescribed) {
  std::set<int> keys;
  for (const KeyBinding& binding : key_bindings()) {
    EXPECT_TRUE(keys.insert(binding.key).second) << binding.name;
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

TEST(KeyBindings, NumberKeysRefuseAModeThatCannotRunWithTheReason) {
  DemoSettings settings;
  settings.mode = Mode::cpu;
  const auto message = apply_action(pick(Mode::gpu), settings, without_gpu());
  ASSERT_FALSE(message.ok());
  EXPECT_EQ(message.error(), "GPU mode is unavailable: this OpenCL device cannot share GL textures");
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST(KeyBindings, EffectKeysToggleTheirEffectAndSwitchBetweenThem) {
  DemoSettings settings;
  const ModeAvailability all;
  EXPECT_TRUE(apply_action(toggle("sobel"), settings, all).ok());
  EXPECT_EQ(settings.effect.effect, find_effect("sobel"));
  EXPECT_TRUE(apply_action(toggle("blur"), settings, all).ok());
  EXPECT_EQ(settings.effect.effect, find_effect("blur"));
  EXPECT_TRUE(apply_action(toggle("blur"), settings, all).ok());
  EXPECT_EQ(settings.effect.effect, nullptr);
}

TEST(KeyBindings, TogglesFlipTheirSettingAndBack) {
  DemoSettings settings;
  const ModeAvailability all;
  const DemoSettings before = settings;
  for (ActionKind kind : {ActionKind::toggle_pause, ActionKind::toggle_panel, ActionKind::toggle_vsync}) {
    const Action action{kind};
    EXPECT_TRUE(apply_action(action, settings, all).ok());
    EXPECT_TRUE(apply_action(action, settings, all).ok());
  }
  EXPECT_EQ(settings.paused, before.paused);
  EXPECT_EQ(settings.show_panel, before.show_panel);
  EXPECT_EQ(settings.vsync, before.vsync);
  EXPECT_TRUE(apply_action(Action{ActionKind::toggle_pause}, settings, all).ok());
  EXPECT_NE(settings.paused, before.paused);
}

TEST(KeyBindings, ReseedGivesANewPatternSeed) {
  DemoSettings settings;
  const auto seed = settings.seed;
  EXPECT_TRUE(apply_action(Action{ActionKind::reseed}, settings, ModeAvailability{}).ok());
  EXPECT_NE(settings.seed, seed);
}

TEST(KeyBindings, WindowActionsLeaveTheSettingsAlone) {
  for (ActionKind kind : {ActionKind::screenshot, ActionKind::toggle_fullscreen, ActionKind::quit}) {
    const Action action{kind};
    DemoSettings settings;
    EXPECT_TRUE(apply_action(action, settings, ModeAvailability{}).ok());
    EXPECT_EQ(settings.mode, DemoSettings{}.mode);
    EXPECT_EQ(settings.paused, DemoSettings{}.paused);
    EXPECT_EQ(settings.show_panel, DemoSettings{}.show_panel);
  }
}

}  // namespace
}  // namespace stereocl
