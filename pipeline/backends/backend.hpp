#pragma once
// A mode's engine: it plans each frame as data (pipeline/plan/frame_plan.hpp) and runs the spans of
// passes that plan gives it, each behind one hand-over between GL and the engine. The executor
// (pipeline/plan/frame_executor.hpp) runs GL's steps and calls run() for the rest; pipeline/mode_table.cpp
// says which mode uses which back-end.
#include "compute/effects/histogram_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/pattern_sampling.hpp"
#include "core/result.hpp"
#include "pipeline/plan/effects.hpp"
#include "pipeline/plan/frame_plan.hpp"
#include "pipeline/interop/handover_floor.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/plan/stage_timings.hpp"
#include "render/colour_target.hpp"
#include "render/gl_stage_timer.hpp"
#include "render/scene_target.hpp"

#include <functional>
#include <optional>
#include <span>

namespace stereocl {

// The most frames a caller may submit before it waits for the oldest (--bench --frames-in-flight):
// a back-end that reads its own work's results later keeps at least this many pending without
// waiting for them.
inline constexpr int kMostFramesInFlight = 4;

// GL buffers a back-end shares with its engine in place of textures (a plan's shared_buffers):
// the depth pass writes `depth` (scene width floats a row), and the compose reads
// `offsets_texture`, an R32F buffer texture with rows offsets_row_length floats long.
struct SharedGlBuffers {
  GLuint depth = 0;
  GLuint offsets_texture = 0;
  int offsets_row_length = 0;
};

// What a span's passes read and write in GL, and how its hand-over goes.
struct SpanIo {
  const SceneTarget& scene;  // the depth (last frame's where the plan draws depth ahead)
  const StereogramParams& params;
  PatternSampling sampling;
  const gl::Texture& offsets;  // GL_R32F: a lone stereogram pass writes it for GL's compose
  const gl::Texture& pattern;  // GL_RGBA8, tiled
  const gl::Texture& picture;  // GL_RGBA8: a span that composes writes it, unless an effect follows
  DisplayImage source;         // what a span that does not compose applies its effect to or counts
  const EffectSettings& effect;
  ColourTarget* effect_target;  // the effect's output, source's or picture's size; nullptr without one
  SyncStrategy sync;            // how GL and OpenCL hand shared textures over (--interop-sync)
  const SharedGlBuffers* buffers;  // the back-end's shared_buffers() where the plan has them, else nullptr
  // GL work to submit once the span is queued and before waiting for it (a plan's depth ahead:
  // the next frame's depth), so that GL and the engine work at once; may be empty.
  std::function<void()> overlap;
  // The executor's GL timer, for a pass the back-end runs in GL itself (GL compute mode's
  // stereogram); nullptr where there is none. No query of the executor's is open during a span.
  GlStageTimer* gl_timer = nullptr;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // The frame this back-end makes for `request`, at this scene size and these parameters. It may
  // make what the plan needs (a shared buffer of a new size); it falls back to a plan without
  // what it cannot make, saying why through the notices.
  virtual FramePlan plan(const FrameRequest& request, const SceneTarget& scene, const StereogramParams& params) = 0;
  // The buffers of the last plan with shared_buffers; nullptr otherwise.
  virtual const SharedGlBuffers* shared_buffers() const { return nullptr; }
  // One span of a plan it made: GL's data to the engine, the passes, the results back into GL's
  // textures. The histogram where the span counts one. Fails where the depth cannot be read or a
  // kernel cannot take the parameters; an OpenCL failure throws cl::Error (docs/design.md, "Errors").
  virtual Result<std::optional<Histogram256>> run(std::span<const Pass> passes, const SpanIo& io,
                                                  StageTimings& timings) = 0;
  // --bench's hand-over floor (pipeline/interop/handover_floor.hpp), through this back-end's own
  // hand-over with nothing to do on either side.
  virtual Result<HandoverFloor> handover_floor(int /*frames*/, SyncStrategy /*sync*/) {
    return failure("this mode hands nothing between GL and OpenCL");
  }
};

// A back-end whose spans are its typed passes: a lone pass, or the whole chain behind one
// hand-over (CPU, CPU-readback and GPU modes).
class PassBackend : public Backend {
 public:
  // `planner`: step_by_step_plan, or one_handover_plan for an engine whose passes chain.
  explicit PassBackend(FramePlan (*planner)(const FrameRequest&)) : planner_(planner) {}
  FramePlan plan(const FrameRequest& request, const SceneTarget&, const StereogramParams&) final {
    return planner_(request);
  }
  Result<std::optional<Histogram256>> run(std::span<const Pass> passes, const SpanIo& io,
                                          StageTimings& timings) final;

 protected:
  // io.scene's depth -> io.offsets.
  virtual Status offsets(const SpanIo& io, StageTimings& timings) = 0;
  // io.source -> io.effect_target, with io.effect.effect, which is not nullptr.
  virtual void effect(const SpanIo& io, StageTimings& timings) = 0;
  // 256-bin histogram of io.source's 8-bit luma.
  virtual Histogram256 histogram(const SpanIo& io, StageTimings& timings) = 0;
  // stereogram, compose, then effect and histogram where `passes` has them, behind one hand-over;
  // only back-ends that plan such a span (one_handover_plan) override it.
  virtual Result<std::optional<Histogram256>> chain(std::span<const Pass> passes, const SpanIo& io,
                                                    StageTimings& timings);

 private:
  FramePlan (*planner_)(const FrameRequest&);
};

// Whether `passes` holds `pass`.
bool has_pass(std::span<const Pass> passes, Pass pass);

}  // namespace stereocl
