#pragma once
// What the engine (pipeline/engine.hpp) is given: a look, which the command line sets at start and a
// preset sets again later, and what only the start sets. Plain values, already checked by whoever
// made them (config/engine_start.hpp makes them from the command line's Options): the engine does
// not know the command line, only the settings it reads. The fields keep the names of the Options
// fields they come from.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/depth_fit.hpp"
#include "core/pattern_library.hpp"
#include "core/size.hpp"
#include "pipeline/plan/effects.hpp"
#include "pipeline/plan/frame_plan.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/look_settings.hpp"
#include "pipeline/pass_settings.hpp"
#include "pipeline/mode.hpp"
#include "pipeline/stage_settings.hpp"
#include "render/scene_renderer.hpp"
#include "render/stereogram_compositor.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

// The picture's look: the mode, algorithm, P and M, pattern, depth source and effect.
struct Look {
  Mode mode{};
  bool mode_given = false;  // a look without a mode keeps the one running
  LookSettings settings;
  // Files, each used where not empty: a pattern image, a depth map, a word raised as the depth map.
  std::string pattern_file;
  std::string depth_file;
  std::string text;
};

// The engine's settings that no look changes.
struct EngineSetup {
  Size size;                                   // the scene's, where no depth map gives one
  bool size_given = false;                     // --size: a depth map is fitted to it, not the reverse
  bool fit = false;                            // --fit: the window sizes the scene
  std::string model;                           // a model file or a built-in model's name; empty: none
  std::string font_file;                       // the text's font; empty: DejaVu Sans Bold through fontconfig
  double screen_dpi = PhysicalGeometry{}.dpi;  // where physical units start on the panel
  bool histogram = false;                      // every frame's histogram, not only the panel's few
  std::optional<SyncStrategy> interop_sync;  // nullopt: each in turn (--bench), the default at start
  std::optional<bool> interop_batch;         // nullopt: both (--bench), one hand-over a frame at start
  PassSettings passes;
  int cpu_threads = 0;  // 0: all hardware threads
  bool fast_stereogram_kernel = false;
  std::string break_kernels;  // test hook: one kernel file ("sobel.cl"), or with any other value every one, broken on purpose
  StageSettings stage;
};

// What the engine starts with: the command line's look and the setup.
struct EngineStart : Look, EngineSetup {};

}  // namespace stereocl
