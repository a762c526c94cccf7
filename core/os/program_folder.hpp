#pragma once
// The folder of the running program (/proc/self/exe's, links resolved): where an installed or
// relocated stereocl finds what ships beside it (presets, the MP4 module).
#include <filesystem>
#include <optional>

namespace stereocl {

// nullopt where the system does not say (no /proc).
std::optional<std::filesystem::path> program_folder();

}  // namespace stereocl
