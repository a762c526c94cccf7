#pragma once
// The ways a frame can be made, and which of them can run on this machine. Pure logic with no GL,
// so the cycling rules are unit-tested; the names, keys and back-ends are rows of
// pipeline/mode_table.hpp.
#include "core/result.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace stereocl {

// gl_compute last, so that the keys and Space's order of the modes before it stay as they were.
enum class Mode { scene, cpu, cpu_readback, gpu, gpu_extmem, gl_compute };
inline constexpr std::size_t kModeCount = 6;

std::string_view mode_cli_name(Mode mode);      // "cpu-readback"
std::string_view mode_display_name(Mode mode);  // "CPU-readback"
std::optional<Mode> parse_mode(std::string_view cli_name);
std::string mode_choices();  // "scene, cpu, cpu-readback, gpu, gpu-extmem or gl-compute", for --help and refusals

// For each mode, why it cannot run here (nullopt: it can).
class ModeAvailability {
 public:
  void disable(Mode mode, std::string reason) { reasons_[index(mode)] = std::move(reason); }
  bool available(Mode mode) const { return !reasons_[index(mode)]; }
  const std::optional<std::string>& reason(Mode mode) const { return reasons_[index(mode)]; }

 private:
  static std::size_t index(Mode mode) { return static_cast<std::size_t>(mode); }
  std::array<std::optional<std::string>, kModeCount> reasons_;
};

// The next runnable mode after `current` in the table's order, wrapping; `current` itself if
// nothing else can run.
Mode next_available_mode(Mode current, const ModeAvailability& availability);

// `wanted` if it can run, else the reason it cannot ("GPU mode is unavailable: ...").
Result<Mode> request_mode(Mode wanted, const ModeAvailability& availability);

// Where a mode asked for on the command line cannot run: the closest mode before it in the table
// that can (GPU -> CPU-readback -> CPU; CPU-readback -> CPU).
Mode fallback_mode(Mode wanted, const ModeAvailability& availability);

}  // namespace stereocl
