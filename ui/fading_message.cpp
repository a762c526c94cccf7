#include "ui/fading_message.hpp"

#include <algorithm>
#include <chrono>

namespace stereocl {

FadingMessage::FadingMessage(Clock clock) : clock_(std::move(clock)) {}

FadingMessage& FadingMessage::operator=(std::string text) {
  text_ = std::move(text);
  since_ = clock_();
  return *this;
}

float FadingMessage::opacity() const {
  if (text_.empty()) return 0.0f;
  const double age = clock_() - since_;
  return static_cast<float>(std::clamp((kMessageSeconds + kMessageFadeSeconds - age) / kMessageFadeSeconds, 0.0, 1.0));
}

std::string FadingMessage::text() const { return opacity() > 0.0f ? text_ : std::string(); }

double FadingMessage::steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace stereocl
