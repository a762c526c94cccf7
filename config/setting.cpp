#include "config/setting.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace stereocl {
namespace {

template <typename T>
std::string shortest_text(T value) {
  char text[64];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : std::string();
}

template <typename T>
bool read_whole(std::string_view text, T& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

std::string Setting::cli_name() const {
  std::string dashed(name);
  std::ranges::replace(dashed, '_', '-');
  return "--" + dashed;
}

std::string Setting::config_key() const { return configurable ? cli_name().substr(2) : std::string(); }

std::string number_text(long long value) { return shortest_text(value); }
std::string number_text(double value) { return shortest_text(value); }
std::string number_text(float value) { return shortest_text(value); }

Result<long long> whole_number(const Setting& row, const std::string& text) {
  long long value = 0;
  if (!read_whole(text, value)) return failure(row.cli_name() + " " + text + ": not a whole number");
  return value;
}

Result<double> real_number(const Setting& row, const std::string& text) {
  double value = 0;
  if (!read_whole(text, value) || !std::isfinite(value)) return failure(row.cli_name() + " " + text + ": not a number");
  return value;
}

Result<int> word_index(const Setting& row, std::string_view word) {
  const auto found = std::ranges::find(row.words, word);
  if (found == row.words.end()) return failure(row.cli_name() + " " + std::string(word) + ": not one of its words");
  return static_cast<int>(found - row.words.begin());
}

RunningRange running_range(const Setting& row, const DemoSettings& settings) {
  RunningRange range{row.min, row.max};
  // A real's slider works in float: the least float above the min, which float does not round back to it.
  if (row.above_min)
    range.min = row.kind == SettingKind::integer
                    ? row.min + 1
                    : static_cast<double>(std::nextafter(static_cast<float>(row.min), static_cast<float>(row.max)));
  if (row.panel.largest) range.max = std::min(range.max, row.panel.largest(settings));
  return range;
}

}  // namespace stereocl
