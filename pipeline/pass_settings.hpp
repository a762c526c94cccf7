#pragma once
// How the engine makes its frames, as one value: a part of Settings (pipeline/settings.hpp), to
// whose fields the settings table's rows bind. The rows give the defaults; a PassSettings{} is each
// enum's first value.
#include "pipeline/plan/frame_plan.hpp"
#include "render/scene_passes.hpp"
#include "render/stereogram_compositor.hpp"

#include <optional>

namespace stereocl {

struct PassSettings {
  DepthPass depth_pass{};  // how the stereogram modes draw depth (--depth-pass)
  ComposePass compose{};   // how GL draws the picture from the offsets (--compose)
  DebugView debug_view{};  // the depth or offsets shown instead of the picture (--debug-view, the panel)
  // One frame of latency in GPU, GPU (external memory) and CPU-readback modes: frame N - 1 shown
  // while GL draws N. nullopt: each mode's own default (ModeRow::pipelines_by_default); --pipeline,
  // --no-pipeline and the panel's checkbox set it for all.
  std::optional<bool> pipeline;
  friend bool operator==(const PassSettings&, const PassSettings&) = default;
};

}  // namespace stereocl
