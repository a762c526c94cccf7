#pragma once
// Presets: saved looks (mode, algorithm, pattern, depth) as --config files in one folder, which a
// presenter's clicker steps through with PageDown / PageUp. A preset is read by the command-line
// parser itself (parse_command_line on `--config FILE`), so a preset file and a --config file are
// the same thing, checked by the same rules. Only the look is applied live: the run's options
// (size, frames, outputs, --bench, the panel, vsync) stay as the command line set them.
#include "pipeline/engine.hpp"
#include "config/options.hpp"
#include "config/preset_files.hpp"

#include <future>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {

// A preset is read and its images decoded on a worker thread, as a dropped file is: a large
// depth map in a preset must not freeze the picture on stage.
class PresetCycle {
 public:
  // `folder` empty: default_presets_folder(). The folder is listed once, here.
  explicit PresetCycle(const std::string& folder);

  // Starts loading the next (+1) or previous (-1) preset, wrapping, and returns the line for the
  // panel ("Loading preset NAME..."), or why nothing started.
  std::string step(int direction);
  // Once the preset is loaded: applies it to `engine` and returns the panel's line; nullopt while
  // it loads or when none was started. A preset that cannot be read or used changes no
  // setting; the line says why, and the next step goes on from it.
  std::optional<std::string> apply_finished(Engine& engine);
  // The same, waiting for the load to finish (tests, and a step while one is under way).
  std::optional<std::string> apply_when_finished(Engine& engine);

  // A run started with --config FILE: where FILE is one of the folder's presets, it is the current
  // one, so PageDown goes on to the preset after it (not to the first) and PageUp to the one before.
  void start_from(const std::string& config_file);

  // The name of the preset last applied; empty before the first.
  const std::string& current() const { return current_; }
  // Whether the preset last applied asks for fullscreen (`fullscreen = true`), which the main
  // loop, owning the window, carries out: a presenter preset fills the projector however it is reached.
  bool wants_fullscreen() const { return fullscreen_; }
  // Whether it also hides the panel (no-panel = true), which a fullscreen preset then does live.
  bool hides_panel() const { return hides_panel_; }
  std::size_t count() const { return files_.size(); }

 private:
  struct Loaded {
    std::string name;
    std::string position;                 // "2/6"
    std::optional<Options> look;          // nullopt: refused
    LookImages images;
    std::string refusal;
  };

  std::string folder_;
  std::vector<std::string> files_;
  long long index_ = -1;  // before the first: PageDown goes to the first, PageUp to the last
  std::string current_;
  bool fullscreen_ = false;
  bool hides_panel_ = false;
  std::future<Loaded> pending_;
};

}  // namespace stereocl
