#pragma once
// A frame as data: the steps a mode's back-end declares for it, which one executor
// (pipeline/plan/frame_executor.hpp) runs, times and hands over between GL and the back-end's engine.
// GL steps are the executor's own; an `on_engine` step is a span of passes that runs behind one
// hand-over (GL's data to the engine, the passes, the results back to GL), so that a plan says in
// one place how many hand-overs a frame makes and what each carries.
#include <string>
#include <vector>

namespace stereocl {

// The work a back-end's engine (the CPU, or an OpenCL device) does inside a span.
enum class Pass {
  stereogram,  // depth -> offsets (pattern coordinates)
  compose,     // offsets + pattern -> picture; only in a span that also runs the stereogram
  effect,      // picture -> the effect's target
  histogram,   // the shown picture's luma histogram
};

enum class StepKind {
  draw_depth,  // GL: the scene's depth (and, in Scene mode, its lit colour)
  compose,     // GL: the picture from the offsets and the pattern
  debug_view,  // GL: depth or offsets as grey, in place of the picture
  on_engine,   // the back-end: `passes`, behind one hand-over
};

struct Step {
  StepKind kind;
  std::vector<Pass> passes = {};  // on_engine only
  friend bool operator==(const Step&, const Step&) = default;
};

struct FramePlan {
  std::vector<Step> steps;
  // One frame of latency: the engine computes from the depth GL drew last frame while GL draws
  // this frame's, submitted as soon as the engine's span is queued so that the two overlap.
  bool depth_ahead = false;
  // GL draws depth into, and composes from, buffers the back-end shares (SharedGlBuffers) in
  // place of the depth and offsets textures.
  bool shared_buffers = false;
  // One frame of latency the other way round: GL composes the offsets the engine computed from
  // last frame's depth (a frame in flight in the shared buffers), while the engine computes this one's.
  bool picture_behind = false;
  friend bool operator==(const FramePlan&, const FramePlan&) = default;
};

enum class DebugView { none, depth, offsets };  // what the window shows instead of the stereogram

// What the executor knows about the frame before the back-end plans it.
struct FrameRequest {
  bool stereogram = true;   // the mode makes one (Scene mode shows the lit scene)
  bool animated = true;     // depth is drawn every frame (not a still depth map)
  DebugView debug_view = DebugView::none;
  bool effect = false;
  bool histogram = false;   // --histogram, or the panel's plot this frame
  bool one_handover = true; // --interop-batch: a frame's device work behind one hand-over where the engine can
  bool pipelining = false;  // --pipeline: depth one frame ahead where the plan can
  // The frame before ran the same back-end's plan, pipelined: a hand-over it left pending may be
  // taken by this one.
  bool continues = false;
};

// The plan of an engine that runs each pass in its own span, with GL between them: any mode whose
// frame a debug view interrupts.
FramePlan step_by_step_plan(const FrameRequest& request);
// CPU mode's: the stereogram and its compose in one span, so that the host makes the picture band
// by band and neither the offsets nor the whole depth is ever on the host or in GL whole; the
// effect and the histogram each in their own span. Step by step where a debug view needs GL
// between the passes (the offsets view shows GL's offsets texture).
FramePlan host_compose_plan(const FrameRequest& request);
// All of a stereogram frame's device work behind one hand-over (stereogram, compose, effect,
// histogram), depth one frame ahead where pipelining; step by step where a debug view needs GL
// between the passes or the request is not a stereogram.
FramePlan one_handover_plan(const FrameRequest& request);

// Whether the plan runs several passes behind one hand-over.
bool has_chain(const FramePlan& plan);
// Whether it leaves work for the next frame: depth drawn ahead, or offsets a frame behind.
bool pipelines(const FramePlan& plan);
// Whether it makes a stereogram (a stereogram pass or GL's compose): only such a frame needs the
// offsets and picture textures.
bool makes_picture(const FramePlan& plan);
// Whether a span of it runs `pass`.
bool runs_pass(const FramePlan& plan, Pass pass);

// "draw_depth, on_engine[stereogram, compose], ..." for tests and -v.
std::string describe(const FramePlan& plan);

}  // namespace stereocl
