#pragma once
// A measurement in a message or a saved file as a person writes it: 84 and 38.5, not std::to_string's
// 84.000000; a value the command line reads back unchanged.
#include <cstdio>
#include <string>

namespace stereocl {

inline std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace stereocl
