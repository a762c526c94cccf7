#pragma once
// Esc quits only when pressed twice within a moment. Presentation clickers send Esc from their
// start/stop button, so one press must never end a talk; a person at the keyboard presses twice.
namespace stereocl {

inline constexpr double kQuitConfirmSeconds = 2.0;

class QuitGuard {
 public:
  // An Esc at `now` (seconds, any origin): true when it confirms one pressed just before.
  bool press(double now) {
    const bool confirmed = now - armed_at_ <= kQuitConfirmSeconds;
    armed_at_ = confirmed ? -1e9 : now;
    return confirmed;
  }
  // Any other key in between: Esc, F5, Esc from a clicker's start/stop is not a double Esc.
  void disarm() { armed_at_ = -1e9; }

 private:
  double armed_at_ = -1e9;
};

}  // namespace stereocl
