#include "pipeline/frame_chain.hpp"

#include "compute/cl/cl_profiling.hpp"

namespace stereocl {
namespace {

// The effect (if any) and the histogram (if asked) of the composed picture.
void enqueue_effect_and_histogram(ClKernels& kernels, cl::CommandQueue& queue, const WholeFrame& frame,
                                  const FrameImages& images, StagedEvents& events) {
  const int width = picture_width(frame), height = frame.scene.height();
  ClEffects& effects = kernels.effects();
  const EffectRow* effect = frame.effect.effect;
  if (!effect) {
    if (frame.histogram) events.emplace_back(Stage::histogram, effects.histogram(queue, images.picture, width, height));
    return;
  }
  const DeviceEffectCall call{queue, images.picture, *images.effect_target, width, height, {}};
  events.emplace_back(Stage::effects, effect->device(effects, call, frame.effect));
  if (!frame.histogram) return;
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

void add_device_times(const StagedEvents& staged, StageTimings& timings) {
  for (const auto& [stage, events] : staged)
    if (!events.empty()) timings.add(stage, profiled_span_ms(events));
}

Result<StagedEvents> enqueue_frame_chain(ClKernels& kernels, cl::CommandQueue& queue, const WholeFrame& frame,
                                         const FrameImages& images, const std::vector<cl::Event>& wait) {
  const int height = frame.scene.height();
  Result<cl::Event> offsets_done =
      kernels.enqueue_stereogram(queue, images.depth, images.offsets, frame.scene.width(), height, frame.params, &wait);
  if (!offsets_done) return failure(offsets_done.error());
  const cl::Event composed = kernels.compose().enqueue(queue, images.offsets, images.pattern, images.picture,
                                                       picture_width(frame), height, frame.sampling);
  StagedEvents events = {{Stage::stereogram, {*offsets_done}}, {Stage::compose, {composed}}};
  enqueue_effect_and_histogram(kernels, queue, frame, images, events);
  return events;
}

}  // namespace stereocl
