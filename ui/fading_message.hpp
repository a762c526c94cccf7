#pragma once
// The panel's one line to the user (a refused key, a saved file). It fades after a few seconds:
// a message that stays reads as still true ("GPU mode is unavailable" three mode changes later).
// The clock is injected so the tests need no sleeps.
#include <functional>
#include <string>

namespace stereocl {

inline constexpr double kMessageSeconds = 4.0;  // fully shown, then
inline constexpr double kMessageFadeSeconds = 1.0;  // fading out

class FadingMessage {
 public:
  using Clock = std::function<double()>;  // seconds, any origin
  explicit FadingMessage(Clock clock = steady_seconds);

  // Shows `text` from now on; empty clears.
  FadingMessage& operator=(std::string text);
  // The text while it shows, else empty.
  std::string text() const;
  // 1 while fully shown, down to 0 when gone.
  float opacity() const;

  static double steady_seconds();

 private:
  Clock clock_;
  std::string text_;
  double since_ = 0;
};

}  // namespace stereocl
