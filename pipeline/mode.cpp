#include "pipeline/mode.hpp"

namespace stereocl {

std::string_view mode_cli_name(Mode mode) {
  switch (mode) {
    case Mode::scene: return "scene";
    case Mode::cpu: return "cpu";
    case Mode::cpu_readback: return "cpu-readback";
    case Mode::gpu: return "gpu";
  }
  return "?";
}

std::string_view mode_display_name(Mode mode) {
  switch (mode) {
    case Mode::scene: return "Scene";
    case Mode::cpu: return "CPU";
    case Mode::cpu_readback: return "CPU-readback";
    case Mode::gpu: return "GPU";
  }
  return "?";
}

std::optional<Mode> parse_mode(std::string_view cli_name) {
  for (Mode mode : kAllModes)
    if (mode_cli_name(mode) == cli_name) return mode;
  return std::nullopt;
}

Mode next_available_mode(Mode current, const ModeAvailability& availability) {
  const auto start = static_cast<std::size_t>(current);
  for (std::size_t step = 1; step <= kAllModes.size(); ++step) {
    const Mode candidate = kAllModes[(start + step) % kAllModes.size()];
    if (availability.available(candidate)) return candidate;
  }
  return current;
}

Result<Mode> request_mode(Mode wanted, const ModeAvailability& availability) {
  if (availability.available(wanted)) return wanted;
  return failure(std::string(mode_display_name(wanted)) + " mode is unavailable: " + *availability.reason(wanted));
}

Mode fallback_mode(Mode wanted, const ModeAvailability& availability) {
  for (Mode mode = wanted;; mode = static_cast<Mode>(static_cast<int>(mode) - 1)) {
    if (availability.available(mode) || mode == Mode::scene) return mode;
  }
}

}  // namespace stereocl
