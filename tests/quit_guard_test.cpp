// Esc only blanks and unblanks; holding it down for a second quits, a tap never does.
#include "ui/quit_guard.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(QuitGuard, EscHeldForASecondQuits) {
  QuitGuard guard;
  guard.press(10.0);
  EXPECT_FALSE(guard.held_to_quit(10.5));
  EXPECT_TRUE(guard.held_to_quit(10.0 + kQuitHoldSeconds));
}

TEST(QuitGuard, TapsNeverQuitHoweverQuicklyTheyCome) {
  QuitGuard guard;
  for (double now = 0.0; now < 3.0; now += 0.2) {
    guard.press(now);
    EXPECT_FALSE(guard.held_to_quit(now + 0.1));
    guard.release();
    EXPECT_FALSE(guard.held_to_quit(now + 0.19 + kQuitHoldSeconds)) << "a released Esc is not held";
  }
}

}  // namespace
}  // namespace stereocl
