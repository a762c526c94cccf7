#pragma once
// Where presets live and what they are called: apart from PresetCycle (config/presets.hpp), so the
// option parser can name the folder without depending on the engine that presets are applied to.
#include <string>
#include <vector>

namespace stereocl {

// Where --presets looks when it is not given, relative to the folder of the running binary.
inline constexpr const char* kInstalledPresetsHint = "../share/stereocl/presets beside the binary";

// The --presets default: ../share/stereocl/presets next to the binary (an installed or relocated
// stereocl), else the source tree's assets/presets (a build folder); empty when neither exists.
std::string default_presets_folder();

// The *.toml files of `folder`, sorted by file name (the clicker's order).
std::vector<std::string> list_presets(const std::string& folder);

// "scene-lookup" for ".../scene-lookup.toml": what the panel shows.
std::string preset_name(const std::string& path);

}  // namespace stereocl
