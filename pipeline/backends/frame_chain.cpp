#include "pipeline/backends/frame_chain.hpp"

#include "compute/cl/cl_profiling.hpp"

namespace stereocl {
namespace {

// The effect (if any) and the histogram (if asked) of the composed picture.
void enqueue_effect_and_histogram(ClKernels& kernels, cl::CommandQueue& queue, const FrameSteps& steps,
                                  const FrameImages& images, StagedEvents& events) {
  const int width = steps.picture_width(), height = steps.height;
  ClEffects& effects = kernels.effects();
  const EffectRow* effect = steps.effect.effect;
  if (!effect) {
    if (steps.histogram) events.emplace_back(Stage::histogram, effects.histogram(queue, images.picture, width, height));
    return;
  }
  const DeviceEffectCall call{queue, images.picture, *images.effect_target, width, height, {}};
  events.emplace_back(Stage::effects, effect->device(effects, call, steps.effect));
  if (!steps.histogram) return;
  events.emplace_back(Stage::histogram, effect->device_histogram_of_output
                                            ? effect->device_histogram_of_output(effects, call)
                                            : effects.histogram(queue, *images.effect_target, width, height));
}

}  // namespace

std::vector<cl::Event> all_events(const StagedEvents& staged) {
  std::vector<cl::Event> all;
  for (const auto& [stage, events] : staged) all.insert(all.end(), events.begin(), events.end());
  return all;
}

FrameSteps steps_of(std::span<const Pass> passes, const SpanIo& io) {
  return {io.scene.width(), io.scene.height(), io.params, io.sampling, io.effect, has_pass(passes, Pass::histogram)};
}

void add_device_times(const StagedEvents& staged, StageTimings& timings) {
  for (const auto& [stage, events] : staged)
    if (!events.empty()) timings.add(stage, profiled_span_ms(events));
}

Result<StagedEvents> enqueue_frame_chain(ClKernels& kernels, cl::CommandQueue& queue, const FrameSteps& steps,
                                         const FrameImages& images, const std::vector<cl::Event>& wait) {
  const int height = steps.height;
  Result<cl::Event> offsets_done =
      kernels.enqueue_stereogram(queue, images.depth, images.offsets, steps.scene_width, height, steps.params, &wait);
  if (!offsets_done) return failure(offsets_done.error());
  const cl::Event composed = kernels.compose().enqueue(queue, images.offsets, images.pattern, images.picture,
                                                       steps.picture_width(), height, steps.sampling);
  StagedEvents events = {{Stage::stereogram, {*offsets_done}}, {Stage::compose, {composed}}};
  enqueue_effect_and_histogram(kernels, queue, steps, images, events);
  return events;
}

}  // namespace stereocl
