#pragma once
// Switches only the tests may throw (STEREOCL_BREAK_KERNELS breaks kernels on purpose): read from
// the environment only by a program that runs from its build folder (CMakeCache.txt beside it).
// An installed stereocl has none, so no variable a user's environment happens to hold changes it.
#include <optional>
#include <string>

namespace stereocl {

// The variable's value where this program is a build folder's and the variable is set.
std::optional<std::string> test_hook(const char* variable);

}  // namespace stereocl
