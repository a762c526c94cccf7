#pragma once
// Everything the command line can set, already validated: code past parse_command_line() may
// trust these values.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/pattern_library.hpp"
#include "core/result.hpp"
#include "pipeline/effects.hpp"
#include "pipeline/mode.hpp"
#include "record/frame_encoder.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace stereocl {


struct Size {
  int width = 0;
  int height = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

struct Options {
  // The fastest where it runs (docs/performance.md, "GPU (external memory) mode's effect frames");
  // where it cannot, the closest mode before it in the table that can (GPU, CPU-readback, CPU):
  // silently, unless --mode named it.
  Mode mode = Mode::gpu_extmem;
  bool mode_given = false;
  bool size_given = false;  // --size (or a config's size): the scene keeps it, whatever the panel needs
  Size size{1280, 720};
  // symmetric: no echoes, no seam, no blur (docs/stereogram-quality.md); lookup stays one option away.
  StereogramParams stereogram{.algorithm = StereogramAlgorithm::symmetric};
  // With stereogram.units: whether --dpi named the resolution; if not, main() asks the monitor.
  bool dpi_given = false;
  // The monitor's resolution (main() sets it once there is a window): what the panel starts
  // from when physical units are switched on.
  double screen_dpi = PhysicalGeometry{}.dpi;
  std::string pattern_file;
  bool colour_pattern = false;
  int dot_size = 1;  // random dots as dot_size x dot_size blocks (core/pattern.hpp)
  const PatternRow* library_pattern = nullptr;  // --pattern NAME: a row of core/pattern_library.hpp
  std::string depth_file;
  std::string model;      // --model: a model file or a built-in model's name (core/built_in_models.hpp)
  std::string text;       // --text: a word raised from a far plane as the depth map (core/text_depth.hpp)
  std::string font_file;  // --text's font; empty: DejaVu Sans Bold through fontconfig
  std::vector<std::string> config_files;  // every --config FILE given, which no output may replace
  bool invert_depth = false;
  std::uint32_t seed = 1;
  std::optional<long long> frames;
  std::string screenshot_file;
  std::string output_file;  // --output: one still of --depth or --text, no window (app/still_picture.hpp)
  std::string screenshot_window_file;
  bool overwrite = false;   // --record FOLDER may replace an earlier recording's frames
  std::string record_path;  // a folder of PNG frames, NAME.gif or NAME.mp4 (record/record_format.hpp)
  int record_quality = kDefaultMp4Quality;  // --record-quality: an MP4's constant rate factor
  bool hidden = false;
  bool verbose = false;  // -v: what runs, on stderr
  bool vsync = true;
  bool show_panel = true;
  int cpu_threads = 0;  // 0 = all hardware threads
  const EffectRow* effect = nullptr;  // a row of effect_table(); nullptr: none
  EffectValues effect_values = initial_effect_values();  // every effect's parameters, by name
  std::string histogram_file;
  std::string cl_device;
  std::string gl_context = "glx";  // glx | egl: how the window's GL context is made
  bool list_devices = false;
  bool list_devices_as_json = false;  // --list-devices --json: to json_file, or stdout when that is empty
  bool fast_stereogram_kernel = true;
  bool break_kernels = false;  // test hook: STEREOCL_BREAK_KERNELS, read once by main()
  bool bench = false;
  std::string json_file;
  int bench_repeat = 3;               // --bench runs each mode this many times and reports the spread
  std::string interop_sync = "implicit";  // kDefaultSyncStrategy's name (options_test checks they agree)  // finish | fence | implicit | all (all: --bench only)
  std::string interop_batch = "on";    // on | off | all (all: --bench only): GPU mode's one-acquire frame
  std::string depth_pass = "z-only";    // z-only | shaded: how the stereogram modes draw depth
  std::string compose = "compute";      // compute | fragment: how GL draws the picture from the offsets
  // Whether GPU, GPU (external memory) and CPU-readback modes show frame N - 1 while GL draws N.
  // nullopt: each mode's default, which is where that measured faster (GPU and CPU-readback; not
  // GPU (external memory), docs/performance.md, "GPU (external memory) mode's effect frames").
  // --pipeline and --no-pipeline set it for all; --bench runs those modes both ways unless
  // --no-pipeline.
  std::optional<bool> pipeline;
  // --bench: whether those modes run pipelined as well as not (all but --no-pipeline).
  bool bench_pipelined() const { return pipeline.value_or(true); }
  // Testing aid (scripts/soak.sh): for this many seconds, change mode, size, depth map and pattern
  // width every few seconds and write RSS once a second to soak_csv; 0: no soak.
  double soak_seconds = 0;
  std::string soak_csv;
  std::string panel_tab;  // --panel-tab show|measure; empty: the first, Show
  std::vector<Mode> soak_modes;  // the modes it switches between; empty: every mode that runs
  std::string presets_folder;    // --presets; empty: found at run time (config/presets.hpp)
  bool guide_dots = false;       // the convergence dots in saved pictures too
  // On stage (ui/stage_layout.hpp): a scene that fills the window (or monitor) at 1:1, fullscreen
  // on a monitor named by number or part of its name (empty: the primary one), the panel's scale.
  bool fit = false;
  bool fullscreen = false;
  std::string monitor;
  float ui_scale = 0;  // 0: the screen's content scale (glfwGetWindowContentScale)
  friend bool operator==(const Options&, const Options&) = default;
};

// The files an output must never replace (core/atomic_file refuses a target that is one of them).
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

std::variant<Options, ExitRequest> parse_command_line(const std::vector<std::string>& arguments);

// "1920x1080" -> Size, or a failure naming the text and the rule. Shared by --size and the tests.
Result<Size> parse_size(const std::string& text);

inline constexpr int kMaxImageSide = 16384;
inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 4.0f;

// A problem with what the user gave us (a file, a value): the program reports it and exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace stereocl
