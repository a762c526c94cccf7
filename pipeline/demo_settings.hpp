#pragma once
// What the user can change while the demo runs (panel, keys, dropped files). The Engine compares
// these with what it last applied and redoes only the work a change needs.
#include "pipeline/sources/depth_sources.hpp"
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

namespace stereocl {

struct DemoSettings {
  Mode mode{};        // the engine starts it from the command line's (the table's default)
  LookSettings look;  // what a preset sets again: P and M, the pattern, the effect
  bool shimmer = false;  // a fresh random pattern every frame: the dots dance, the shape stays
  DepthSource depth_source = DepthSource::scene;
  bool paused = false;
  float ball_speed = 1.0f;
  bool histogram_enabled = false;
  StageSettings stage;  // the table's defaults come with the start (EngineSetup::stage)
  bool show_keys = false;  // F1 / '?': the key list over the picture, panel or not
  bool reveal = false;  // W: the hidden scene cross-faded in over the stereogram, and out again
  bool blank = false;  // a black window (B, '.', F5 or a clicker's Esc), the work going on behind it
  SyncStrategy interop_sync = kDefaultSyncStrategy;  // GPU mode's GL<->CL hand-over
  bool interop_batch = true;  // GPU mode: one hand-over a frame (compose in OpenCL) or one per step
  PassSettings passes;  // the passes, the debug view, pipelining: the start's, then the panel's
};

}  // namespace stereocl
