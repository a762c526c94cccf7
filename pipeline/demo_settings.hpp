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
#include "pipeline/settings.hpp"
#include "pipeline/stage_settings.hpp"
#include "render/scene_renderer.hpp"
#include "render/stereogram_compositor.hpp"

#include <cstdint>

namespace stereocl {

// The Settings the engine started with, copied whole, then edited by the panel and the keys
// (through the settings table's rows), and what only the running demo has.
struct DemoSettings : Settings {
  DemoSettings() : DemoSettings(Settings{}) {}
  // --bench's `all` leaves the hand-over open; it sets each in turn, anything else runs the default.
  explicit DemoSettings(const Settings& start)
      : Settings(start), histogram_enabled(!start.histogram_file.empty()) {
    interop_sync = interop_sync.value_or(kDefaultSyncStrategy);
    interop_batch = interop_batch.value_or(kDefaultInteropBatch);
  }
  bool shimmer = false;  // a fresh random pattern every frame: the dots dance, the shape stays
  DepthSource depth_source = DepthSource::scene;
  bool paused = false;
  float ball_speed = 1.0f;
  bool histogram_enabled = false;  // every frame's, not only the panel's few: from --histogram
  bool show_keys = false;  // F1 / '?': the key list over the picture, panel or not
  bool reveal = false;  // W: the hidden scene cross-faded in over the stereogram, and out again
  bool blank = false;  // a black window (B, '.', F5 or a clicker's Esc), the work going on behind it
  // While it runs, GPU mode's hand-over and batching, which the start settled.
  SyncStrategy sync() const { return *interop_sync; }
  bool one_handover() const { return *interop_batch; }
};

}  // namespace stereocl
