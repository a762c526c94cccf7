#pragma once
#include <chrono>

namespace stereocl {

// Wall-clock milliseconds since construction or the last lap(); for host-side stages.
class Stopwatch {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - start_).count();
    start_ = now;
    return ms;
  }
  // Milliseconds since the start or the last lap(), without starting a new lap.
  double elapsed() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace stereocl
