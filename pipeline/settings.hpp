#pragma once
// Every setting the engine reads, as one value. The settings table's rows
// (config/settings_table.cpp) bind to its fields, so the command line, config files and presets
// write it (Options is a Settings with what only the program around the engine reads), the engine
// starts from it and runs with a copy of it (DemoSettings, which the panel and the keys edit
// through the same rows). Nothing copies it field by field: a new setting is its field here (or in
// LookSettings, StageSettings or PassSettings), its row and the code that reads it. The rows hold
// the defaults (Options() starts from them); a Settings{} is no one's choice.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/size.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/look_settings.hpp"
#include "pipeline/mode.hpp"
#include "pipeline/pass_settings.hpp"
#include "pipeline/stage_settings.hpp"

#include <optional>
#include <string>

namespace stereocl {

struct Settings {
  Mode mode{};
  bool mode_given = false;  // a preset without a mode keeps the one running; a refused one is said
  Size size;                // the scene's, where no depth map gives one
  bool size_given = false;  // --size (or a config's size): a depth map is fitted to it, not the reverse
  bool fit = false;         // --fit: the window sizes the scene
  LookSettings look;        // P and M, the pattern, the effect: what a preset sets again
  // Files, each used where not empty: a pattern image, a depth map, a word raised as the depth map
  // (files/text/text_depth.hpp), a model file or a built-in model's name (files/model/built_in_models.hpp).
  std::string pattern_file;
  std::string depth_file;
  std::string text;
  std::string model;
  std::string font_file;  // --text's font; empty: DejaVu Sans Bold through fontconfig
  // The monitor's resolution (main() sets it once there is a window): what the panel starts
  // from when physical units are switched on.
  double screen_dpi = PhysicalGeometry{}.dpi;
  std::string histogram_file;  // --histogram: every frame's histogram, the last one written here
  // GPU mode's GL<->CL hand-over, and whether a frame has one (GPU; CPU-readback: one round trip)
  // or one per step. nullopt: each in turn (--bench's `all`); the engine runs the defaults then.
  std::optional<SyncStrategy> interop_sync;
  std::optional<bool> interop_batch;
  // The passes, the debug view and pipelining. A mode's own default for pipelining is where it
  // measured faster (GPU and CPU-readback; not GPU (external memory), docs/performance.md, "GPU
  // (external memory) mode's effect frames"); --bench runs those modes both ways unless --no-pipeline.
  PassSettings passes;
  int cpu_threads{};  // 0: all hardware threads
  bool fast_stereogram_kernel{};
  // Test hook: STEREOCL_BREAK_KERNELS, read once by main() (core/os/test_hook.hpp): one kernel file
  // ("sobel.cl"), or with any other value every one, broken on purpose.
  std::string break_kernels;
  StageSettings stage;  // what the window shows around the picture
  friend bool operator==(const Settings&, const Settings&) = default;
};

}  // namespace stereocl
