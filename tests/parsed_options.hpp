#pragma once
// The Options a command line parses to, for tests that expect it to be accepted: a refusal fails
// the test, naming the message, and gives default Options so the test can go on to its checks.
#include "config/options.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace stereocl::testing {

inline Options parsed(const std::vector<std::string>& arguments) {
  const auto result = parse_command_line(arguments);
  if (!result) {
    ADD_FAILURE() << "refused: " << result.error();
    return {};
  }
  return result.value();
}

}  // namespace stereocl::testing
