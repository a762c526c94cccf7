// A clicker's lone Esc never quits; two within the moment do, and a late second arms again.
#include "ui/quit_guard.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(QuitGuard, OneEscArmsASecondWithinTheMomentQuits) {
  QuitGuard guard;
  EXPECT_FALSE(guard.press(10.0));
  EXPECT_TRUE(guard.press(11.5));
  EXPECT_FALSE(guard.press(11.6)) << "a quit is not a third press's arming";
}

TEST(QuitGuard, ALateSecondPressOnlyArmsAgain) {
  QuitGuard guard;
  EXPECT_FALSE(guard.press(0.0));
  EXPECT_FALSE(guard.press(0.0 + kQuitConfirmSeconds + 0.5));  // a clicker's stop, then start again later
  EXPECT_TRUE(guard.press(kQuitConfirmSeconds + 1.0));
}

TEST(QuitGuard, AnotherKeyBetweenTheTwoEscsDisarmsIt) {
  QuitGuard guard;
  EXPECT_FALSE(guard.press(5.0));
  guard.disarm();  // F5 from the same clicker
  EXPECT_FALSE(guard.press(5.5)) << "Esc, F5, Esc is not a double Esc";
  EXPECT_TRUE(guard.press(6.0));
}

}  // namespace
}  // namespace stereocl
