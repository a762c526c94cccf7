#pragma once
// Everything the command line can set, already validated: code past parse_command_line() may
// trust these values.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/depth_fit.hpp"
#include "core/input_error.hpp"
#include "core/pattern_library.hpp"
#include "core/result.hpp"
#include "core/size.hpp"
#include "pipeline/plan/effects.hpp"
#include "pipeline/plan/frame_plan.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/look_settings.hpp"
#include "pipeline/pass_settings.hpp"
#include "pipeline/mode.hpp"
#include "pipeline/settings.hpp"
#include "pipeline/stage_settings.hpp"
#include "record/frame_encoder.hpp"
#include "render/scene_renderer.hpp"
#include "render/stereogram_compositor.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {

// The engine's Settings (pipeline/settings.hpp) and what only the program around it reads: the
// outputs, --bench, the window. The settings of the settings table (config/settings_table.cpp)
// start from their rows' defaults, which Options() sets; the fields without one are not settings
// of their own (what was given, what main() learns at run time) and start where their initialiser
// says.
struct Options : Settings {
  Options();

  // With stereogram.units: whether --dpi named the resolution; if not, main() asks the monitor.
  bool dpi_given = false;
  std::vector<std::string> config_files;  // every --config FILE given, which no output may replace
  std::optional<long long> frames;
  std::string screenshot_file;
  std::string output_file;  // --output: one still, no window (app/still_picture.hpp); "-": stdout
  std::string screenshot_window_file;
  bool overwrite{};         // --record FOLDER may replace an earlier recording's frames
  std::string record_path;  // a folder of PNG frames, NAME.gif or NAME.mp4 (record/record_format.hpp)
  int record_quality{};     // --record-quality: an MP4's constant rate factor
  bool hidden{};
  bool verbose{};  // -v: what runs, on stderr
  std::string cl_device;
  std::string gl_context;  // glx | egl: how the window's GL context is made
  bool list_devices{};
  bool list_devices_as_json = false;  // --list-devices --json: to json_file, or stdout when that is empty
  bool bench{};
  std::string json_file;
  int bench_repeat{};  // --bench runs each mode this many times and reports the spread
  int frames_in_flight{};  // --bench: frames the GPU may be behind the CPU (bench/frames_in_flight.hpp)
  // --bench: whether the modes that pipeline run pipelined as well as not (all but --no-pipeline).
  bool bench_pipelined() const { return passes.pipeline.value_or(true); }
  // Testing aid (scripts/soak.sh): for this many seconds, change mode, size, depth map and pattern
  // width every few seconds and write RSS once a second to soak_csv; 0: no soak.
  double soak_seconds{};
  std::string soak_csv;
  std::string panel_tab;  // --panel-tab show|picture|measure; empty: the first, Show
  std::vector<Mode> soak_modes;  // the modes it switches between; empty: every mode that runs
  std::string presets_folder;    // --presets; empty: found at run time (config/presets.hpp)
  // On stage (ui/stage_layout.hpp): fullscreen on a monitor named by number or part of its name
  // (empty: the primary one), the panel's scale.
  bool fullscreen{};
  std::string monitor;
  float ui_scale{};  // 0: the screen's content scale (glfwGetWindowContentScale)
  friend bool operator==(const Options&, const Options&) = default;
};

// The files an output must never replace (core/os/atomic_file refuses a target that is one of them).
inline std::vector<std::string> input_files(const Options& options) {
  std::vector<std::string> inputs = {options.depth_file, options.pattern_file, options.font_file, options.model};
  inputs.insert(inputs.end(), options.config_files.begin(), options.config_files.end());
  return inputs;
}

// What --bench measures unless told otherwise: a common screen size, enough frames for a p95.
inline constexpr Size kBenchSize{1920, 1080};
inline constexpr long long kBenchFrames = 500;

struct ExitRequest {
  int code = 0;         // 0 for --help, --version and --write-config; 2 for a bad option or value
  std::string message;  // to print (stdout for help, stderr otherwise)
};

// The options, or what ends the program here: --help, --version and --write-config (code 0), a
// refused value or file (code 2).
Result<Options, ExitRequest> parse_command_line(const std::vector<std::string>& arguments);

// "1920x1080" -> Size, or a failure naming the text and the rule. Shared by --size and the tests.
Result<Size> parse_size(const std::string& text);

inline constexpr int kMaxImageSide = 16384;
inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 4.0f;

}  // namespace stereocl
