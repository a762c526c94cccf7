// Key bindings without a window: which key does what, and what 1-4 say for a mode that cannot run.
#include "app/key_bindings.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <set>

namespace stereocl {
namespace {

ModeAvailability without_gpu() {
  ModeAvailability availability;
  availability.disable(Mode::gpu, "this OpenCL device cannot share GL textures");
  return availability;
}

TEST(KeyBindings, TheIssueKeysMapToTheirActions) {
  EXPECT_EQ(action_for_key(GLFW_KEY_SPACE), Action::cycle_mode);
  EXPECT_EQ(action_for_key(GLFW_KEY_1), Action::pick_scene);
  EXPECT_EQ(action_for_key(GLFW_KEY_2), Action::pick_cpu);
  EXPECT_EQ(action_for_key(GLFW_KEY_3), Action::pick_cpu_readback);
  EXPECT_EQ(action_for_key(GLFW_KEY_4), Action::pick_gpu);
  EXPECT_EQ(action_for_key(GLFW_KEY_P), Action::toggle_pause);
  EXPECT_EQ(action_for_key(GLFW_KEY_S), Action::screenshot);
  EXPECT_EQ(action_for_key(GLFW_KEY_E), Action::toggle_sobel);
  EXPECT_EQ(action_for_key(GLFW_KEY_B), Action::toggle_blur);
  EXPECT_EQ(action_for_key(GLFW_KEY_H), Action::toggle_panel);
  EXPECT_EQ(action_for_key(GLFW_KEY_F), Action::toggle_fullscreen);
  EXPECT_EQ(action_for_key(GLFW_KEY_V), Action::toggle_vsync);
  EXPECT_EQ(action_for_key(GLFW_KEY_R), Action::reseed);
  EXPECT_EQ(action_for_key(GLFW_KEY_ESCAPE), Action::quit);
  EXPECT_EQ(action_for_key(GLFW_KEY_Q), std::nullopt);
  EXPECT_EQ(action_for_key(GLFW_KEY_5), std::nullopt);
}

TEST(KeyBindings, EveryKeyIsBoundOnceAndDescribed) {
  std::set<int> keys;
  for (const KeyBinding& binding : key_bindings()) {
    EXPECT_TRUE(keys.insert(binding.key).second) << binding.name;
    EXPECT_FALSE(binding.name.empty());
    EXPECT_FALSE(binding.does.empty());
  }
}

TEST(KeyBindings, SpaceCyclesSkippingModesThatCannotRun) {
  DemoSettings settings;
  settings.mode = Mode::cpu_readback;
  EXPECT_TRUE(apply_action(Action::cycle_mode, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_TRUE(apply_action(Action::cycle_mode, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST(KeyBindings, NumberKeysPickAModeThatRuns) {
  DemoSettings settings;
  EXPECT_TRUE(apply_action(Action::pick_scene, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_TRUE(apply_action(Action::pick_cpu_readback, settings, without_gpu()).ok());
  EXPECT_EQ(settings.mode, Mode::cpu_readback);
}

TEST(KeyBindings, NumberKeysRefuseAModeThatCannotRunWithTheReason) {
  DemoSettings settings;
  settings.mode = Mode::cpu;
  const auto message = apply_action(Action::pick_gpu, settings, without_gpu());
  ASSERT_FALSE(message.ok());
  EXPECT_EQ(message.error(), "GPU mode is unavailable: this OpenCL device cannot share GL textures");
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST(KeyBindings, EffectKeysToggleTheirEffectAndSwitchBetweenThem) {
  DemoSettings settings;
  const ModeAvailability all;
  EXPECT_TRUE(apply_action(Action::toggle_sobel, settings, all).ok());
  EXPECT_EQ(settings.effect.effect, Effect::sobel);
  EXPECT_TRUE(apply_action(Action::toggle_blur, settings, all).ok());
  EXPECT_EQ(settings.effect.effect, Effect::blur);
  EXPECT_TRUE(apply_action(Action::toggle_blur, settings, all).ok());
  EXPECT_EQ(settings.effect.effect, Effect::none);
}

TEST(KeyBindings, TogglesFlipTheirSettingAndBack) {
  DemoSettings settings;
  const ModeAvailability all;
  const DemoSettings before = settings;
  for (Action action : {Action::toggle_pause, Action::toggle_panel, Action::toggle_vsync}) {
    EXPECT_TRUE(apply_action(action, settings, all).ok());
    EXPECT_TRUE(apply_action(action, settings, all).ok());
  }
  EXPECT_EQ(settings.paused, before.paused);
  EXPECT_EQ(settings.show_panel, before.show_panel);
  EXPECT_EQ(settings.vsync, before.vsync);
  EXPECT_TRUE(apply_action(Action::toggle_pause, settings, all).ok());
  EXPECT_NE(settings.paused, before.paused);
}

TEST(KeyBindings, ReseedGivesANewPatternSeed) {
  DemoSettings settings;
  const auto seed = settings.seed;
  EXPECT_TRUE(apply_action(Action::reseed, settings, ModeAvailability{}).ok());
  EXPECT_NE(settings.seed, seed);
}

TEST(KeyBindings, WindowActionsLeaveTheSettingsAlone) {
  for (Action action : {Action::screenshot, Action::toggle_fullscreen, Action::quit}) {
    DemoSettings settings;
    EXPECT_TRUE(apply_action(action, settings, ModeAvailability{}).ok());
    EXPECT_EQ(settings.mode, DemoSettings{}.mode);
    EXPECT_EQ(settings.paused, DemoSettings{}.paused);
    EXPECT_EQ(settings.show_panel, DemoSettings{}.show_panel);
  }
}

}  // namespace
}  // namespace stereocl
