#include "core/os/test_hook.hpp"

#include "core/os/program_folder.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace stereocl {

std::optional<std::string> test_hook(const char* variable) {
  const char* value = std::getenv(variable);
  if (!value) return std::nullopt;
  const std::optional<std::filesystem::path> folder = program_folder();
  std::error_code error;
  if (!folder || !std::filesystem::is_regular_file(*folder / "CMakeCache.txt", error)) return std::nullopt;
  return std::string(value);
}

}  // namespace stereocl
