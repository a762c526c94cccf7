#pragma once
// Runs any back-end's FramePlan (pipeline/plan/frame_plan.hpp): GL's steps itself (the depth pass,
// the compose, a debug view), each engine span through the back-end behind one hand-over, with
// the interop sync chosen here; times every step and keeps what the frame shows. A plan whose
// depth is one frame ahead computes from the depth drawn last frame while GL draws this one's.
#include "core/result.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/plan/frame_plan.hpp"
#include "pipeline/plan/stage_timings.hpp"
#include "render/colour_target.hpp"
#include "render/debug_view.hpp"
#include "render/gl_stage_timer.hpp"
#include "render/reveal_blend.hpp"
#include "render/scene_target.hpp"
#include "render/stereogram_compositor.hpp"

#include <functional>
#include <optional>

namespace stereocl {

// What a frame's steps take beside the plan.
struct FrameInputs {
  const StereogramParams& params;
  PatternSampling sampling;
  const EffectSettings& effect;
  SyncStrategy sync;
  DebugView debug_view;
  double seconds;  // since the last frame: how far the depth source moves
  // Draws the depth source into `target`, or into `depth_buffer` where it is not 0, having moved it
  // by `seconds` (0: as it stands).
  std::function<void(SceneTarget& target, GLuint depth_buffer, double seconds)> draw_depth;
  // --pattern scene: the pattern is cut from the lit colour drawn with the depth computed from.
  bool scene_pattern = false;
  // The reveal (render/reveal_blend.hpp): 0 shows the picture, 1 the scene it hides.
  float reveal = 0.f;
};

class FrameExecutor {
 public:
  // Runs `plan` on `backend`; `scene` is the depth target GL draws into, swapped with the
  // executor's second one by a plan with depth ahead. On failure the shown image stays the last
  // frame's.
  Status run(const FramePlan& plan, Backend& backend, const FrameInputs& inputs, std::optional<SceneTarget>& scene,
             StageTimings& timings);
  // Whether the next frame of `backend` continues a pipeline this one started (FrameRequest::continues).
  bool continues(const Backend& backend) const { return pipelined_by_ == &backend; }

  const DisplayImage& shown() const { return shown_; }
  const Histogram256& histogram() const { return histogram_; }
  StereogramCompositor& compositor() { return compositor_; }
  const StereogramCompositor& compositor() const { return compositor_; }
  // Results of GL timer queries that have arrived, to their stages.
  void collect_gl_times(StageTimings& timings);

 private:
  // A frame under way: where its depth is and what it shows so far.
  struct Frame {
    const FramePlan& plan;
    Backend& backend;
    const FrameInputs& inputs;
    SceneTarget& depth;          // what the engine computes from
    SceneTarget& drawn;          // what GL draws this frame's depth into
    const SharedGlBuffers* buffers;
    DisplayImage image;          // what the frame shows after the steps so far
    bool overlapped = false;     // depth ahead: this frame's depth went with an engine span
  };
  Status run_step(const Step& step, Frame& frame, StageTimings& timings);
  Status run_span(const std::vector<Pass>& passes, Frame& frame, StageTimings& timings);
  void draw_depth(Frame& frame, SceneTarget& target, double seconds);
  // The depth source's draw, timed as the render stage.
  void timed_draw(const FrameInputs& inputs, SceneTarget& target, GLuint depth_buffer, double seconds);
  void compose(Frame& frame);
  // --pattern scene: the pattern from the colour drawn with frame.depth, before anything composes.
  void cut_scene_pattern(const Frame& frame);
  DisplayImage debug_view(const Frame& frame);
  // The second depth target of a plan with depth ahead, drawn once where it is new.
  SceneTarget& depth_drawn_last_frame(const SceneTarget& scene, const FrameInputs& inputs);
  ColourTarget& effect_target(int width, int height);
  // Frees the compositor's textures and the effect's target where the plan does not use them.
  void release_unused(const FramePlan& plan);

  StereogramCompositor compositor_;
  DebugViewer debug_viewer_;
  RevealBlend reveal_;
  GlStageTimer gl_timer_;
  ColourTarget effect_target_;
  std::optional<SceneTarget> previous_scene_;  // depth ahead: the depth drawn last frame
  const Backend* pipelined_by_ = nullptr;      // the back-end whose last frame left a pipeline going
  DisplayImage shown_;
  Histogram256 histogram_{};
};

}  // namespace stereocl
