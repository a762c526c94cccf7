#pragma once
// One stereogram frame's device work, in the order a frame needs it: stereogram -> compose ->
// effect -> histogram, on device images wherever they come from (GPU mode: shared GL textures,
// acquired once; CPU-readback: plain images filled from host memory). Both back-ends' one-go
// frames (Backend::run_whole_frame) enqueue exactly this, so CPU-readback tests what GPU mode runs.
#include "pipeline/backends/backend.hpp"
#include "pipeline/backends/cl_kernels.hpp"

#include <span>
#include <utility>
#include <vector>

namespace stereocl {

// The events of a frame's work, by the stage whose device time they are.
using StagedEvents = std::vector<std::pair<Stage, std::vector<cl::Event>>>;

// What the chain computes: a span's passes and parameters without the GL side.
struct FrameSteps {
  int scene_width;
  int height;
  const StereogramParams& params;
  PatternSampling sampling;
  const EffectSettings& effect;
  bool histogram;

  // The picture's width: the scene plus the pattern strip lookup adds.
  int picture_width() const { return scene_width + stereogram_strip_width(params); }
};
// The chain of `passes` (stereogram and compose, then effect and histogram where present).
FrameSteps steps_of(std::span<const Pass> passes, const SpanIo& io);

// The images of a span's textures. effect_target: nullptr unless steps.effect.effect is set.
struct FrameImages {
  const cl::Image& depth;    // CL_R / CL_FLOAT, scene size
  const cl::Image& offsets;  // CL_R / CL_FLOAT, picture size
  const cl::Image& pattern;  // CL_RGBA / CL_UNORM_INT8
  const cl::Image& picture;  // CL_RGBA / CL_UNORM_INT8
  const cl::Image* effect_target;
};

// Enqueues it all after `wait`; the histogram stays on the device (ClEffects::read_histogram).
// Fails as ClKernels::enqueue_stereogram does, having enqueued nothing.
Result<StagedEvents> enqueue_frame_chain(ClKernels& kernels, cl::CommandQueue& queue, const FrameSteps& steps,
                                         const FrameImages& images, const std::vector<cl::Event>& wait);

std::vector<cl::Event> all_events(const StagedEvents& staged);
// Each stage's profiled device time (the span of its events) into `timings`.
void add_device_times(const StagedEvents& staged, StageTimings& timings);

}  // namespace stereocl
