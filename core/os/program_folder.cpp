#include "core/os/program_folder.hpp"

#include <system_error>

namespace stereocl {

std::optional<std::filesystem::path> program_folder() {
  std::error_code error;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return std::nullopt;
  return binary.parent_path();
}

}  // namespace stereocl
