#pragma once
// "none, sobel, blur or emboss": the names a table offers, for --help and refusals, so a new row
// is named there without anyone editing a message.
#include <span>
#include <string>
#include <string_view>

namespace stereocl {

inline std::string one_of(std::span<const std::string_view> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += std::string(i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
  return text;
}

}  // namespace stereocl
