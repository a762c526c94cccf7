#pragma once
// Esc blanks the screen and unblanks it, as often as it is pressed: a presenter's "oops, undo"
// must never end the talk. Quitting is deliberate: Ctrl+Q, or Esc held down for a second (a
// clicker's Esc is a tap). Two Escs within two seconds used to quit, so the natural undo of an
// accidental blank quit in front of the room.
#include <optional>

namespace stereocl {

inline constexpr double kQuitHoldSeconds = 1.0;

class QuitGuard {
 public:
  void press(double now) { pressed_at_ = now; }  // Esc went down at `now` (seconds, any origin)
  void release() { pressed_at_.reset(); }         // ... and up again
  // Whether Esc has been held down since its press for the hold time.
  bool held_to_quit(double now) const { return pressed_at_ && now - *pressed_at_ >= kQuitHoldSeconds; }

 private:
  std::optional<double> pressed_at_;
};

}  // namespace stereocl
