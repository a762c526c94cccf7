#pragma once
// Presets: saved looks (mode, algorithm, pattern, depth) as --config files in one folder, which a
// presenter's clicker steps through with PageDown / PageUp. A preset is read by the command-line
// parser itself (parse_command_line on `--config FILE`), so a preset file and a --config file are
// the same thing, checked by the same rules. Only the look is applied live: the run's options
// (size, frames, outputs, --bench, the panel, vsync) stay as the command line set them.
#include "app/demo.hpp"

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

class PresetCycle {
 public:
  // `folder` empty: default_presets_folder(). The folder is listed once, here.
  explicit PresetCycle(const std::string& folder);

  // Applies the next (+1) or previous (-1) preset, wrapping, and returns the line for the panel.
  // A preset that cannot be read or used changes no setting; the line says why, and the next
  // step goes on from it.
  std::string step(int direction, Demo& demo);
  // The name of the preset last applied; empty before the first.
  const std::string& current() const { return current_; }
  std::size_t count() const { return files_.size(); }

 private:
  std::string folder_;
  std::vector<std::string> files_;
  long long index_ = -1;  // before the first: PageDown goes to the first, PageUp to the last
  std::string current_;
};

}  // namespace stereocl
