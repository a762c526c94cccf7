#include "pipeline/mode.hpp"

#include "core/choices.hpp"
#include "pipeline/mode_table.hpp"

#include <vector>

namespace stereocl {

std::string_view mode_cli_name(Mode mode) { return mode_row(mode).cli_name; }

std::string_view mode_display_name(Mode mode) { return mode_row(mode).display_name; }

std::optional<Mode> parse_mode(std::string_view cli_name) {
  for (const ModeRow& row : mode_table())
    if (row.cli_name == cli_name) return row.mode;
  return std::nullopt;
}

std::string mode_choices() {
  std::vector<std::string_view> names;
  for (const ModeRow& row : mode_table()) names.push_back(row.cli_name);
  return one_of(names);
}

Mode next_available_mode(Mode current, const ModeAvailability& availability) {
  const auto rows = mode_table();
  const auto start = static_cast<std::size_t>(current);
  for (std::size_t step = 1; step <= rows.size(); ++step) {
    const Mode candidate = rows[(start + step) % rows.size()].mode;
    if (availability.available(candidate)) return candidate;
  }
  return current;
}

Result<Mode> request_mode(Mode wanted, const ModeAvailability& availability) {
  if (availability.available(wanted)) return wanted;
  return failure(std::string(mode_display_name(wanted)) + " mode is unavailable: " + *availability.reason(wanted));
}

Mode fallback_mode(Mode wanted, const ModeAvailability& availability) {
  for (auto index = static_cast<std::size_t>(wanted); index > 0; --index)
    if (availability.available(mode_table()[index].mode)) return mode_table()[index].mode;
  return mode_table()[0].mode;
}

}  // namespace stereocl
