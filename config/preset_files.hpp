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

// --config NAME: a file that exists is itself; a bare name (no '/') that is not a file is the
// preset of that name (NAME or NAME.toml) in `presets_folder` (empty: the default), where there
// is one. Otherwise `given` again, for the caller to refuse.
std::string config_file_for(const std::string& given, const std::string& presets_folder);

// The presets PageDown / PageUp step through: the folder's, less those that run --bench (they
// measure and show nothing, so a clicker's first press would seem to do nothing).
std::vector<std::string> stage_presets(const std::string& folder);

}  // namespace stereocl
