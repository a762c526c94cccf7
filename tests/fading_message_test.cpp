// Panel messages fade after a few seconds, refusals included; driven by an injected clock.
#include "ui/fading_message.hpp"
#include "ui/key_bindings.hpp"
#include "pipeline/mode_table.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(FadingMessage, ShowsThenFadesThenIsGone) {
  double now = 100.0;
  FadingMessage message([&] { return now; });
  EXPECT_EQ(message.text(), "");
  message = "Saved stereocl-1.png";
  EXPECT_EQ(message.text(), "Saved stereocl-1.png");
  EXPECT_FLOAT_EQ(message.opacity(), 1.0f);
  now += kMessageSeconds;
  EXPECT_FLOAT_EQ(message.opacity(), 1.0f);
  now += kMessageFadeSeconds / 2;
  EXPECT_NEAR(message.opacity(), 0.5f, 1e-4);
  EXPECT_EQ(message.text(), "Saved stereocl-1.png");
  now += kMessageFadeSeconds;
  EXPECT_EQ(message.opacity(), 0.0f);
  EXPECT_EQ(message.text(), "");
}

TEST(FadingMessage, ANewMessageStartsItsOwnTime) {
  double now = 0.0;
  FadingMessage message([&] { return now; });
  message = "first";
  now = kMessageSeconds + kMessageFadeSeconds - 0.5;
  message = "second";
  now += kMessageSeconds;
  EXPECT_EQ(message.text(), "second");
}

TEST(FadingMessage, ARefusedModeKeyFadesLikeAnyOther) {
  double now = 0.0;
  FadingMessage message([&] { return now; });
  DemoSettings settings;
  ModeAvailability availability;
  availability.disable(Mode::gpu, "no cl_khr_gl_sharing");
  const auto gpu_key = action_for_key(mode_row(Mode::gpu).key);
  ASSERT_TRUE(gpu_key);
  const Status done = apply_action(*gpu_key, settings, availability);
  ASSERT_FALSE(done);
  message = done.error();
  EXPECT_NE(message.text().find("GPU"), std::string::npos);
  now = kMessageSeconds + kMessageFadeSeconds + 0.01;
  EXPECT_EQ(message.text(), "");
}

}  // namespace
}  // namespace stereocl
