#include "app/cl_shared_pipeline.hpp"

#include "app/stopwatch.hpp"
#include "compute/cl_profiling.hpp"

#include <CL/cl_gl.h>

namespace stereocl {

ClSharedPipeline::ClSharedPipeline(ClEnvironment& cl, ClKernels& kernels) : cl_(cl), kernels_(kernels) {}

const cl::ImageGL& ClSharedPipeline::shared(GLuint texture, cl_mem_flags access) {
  auto found = shared_.find({texture, access});
  if (found == shared_.end())
    found = shared_.emplace(std::pair{texture, access}, cl::ImageGL(cl_.context, access, GL_TEXTURE_2D, 0, texture)).first;
  return found->second;
}

void ClSharedPipeline::collect_device_times(StageTimings& timings, bool wait_all) {
  const auto finished = [&](const PendingWork& work) {
    for (const cl::Event& event : work.events)
      if (event.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() != CL_COMPLETE && !wait_all) return false;
    timings.add(work.stage, profiled_span_ms(work.events));
    return true;
  };
  std::erase_if(pending_, finished);
}

template <class Work>
void ClSharedPipeline::run_on_shared(Stage stage, const std::vector<cl::Memory>& objects, StageTimings& timings,
                                     Work&& work) {
  collect_device_times(timings, false);
  Stopwatch clock;
  if (!cl_.gl_events) glFinish();
  cl::Event acquired;
  cl_.queue.enqueueAcquireGLObjects(&objects, nullptr, &acquired);
  std::vector<cl::Event> events = work(std::vector<cl::Event>{acquired});
  cl_.queue.enqueueReleaseGLObjects(&objects);
  if (cl_.gl_events) {
    cl_.queue.flush();  // submitted; GL commands after the release wait for it on the GPU
  } else {
    cl_.queue.finish();
  }
  double hand_over = clock.lap();
  if (!cl_.gl_events) {
    // The CPU waited for the kernels too: count only what is left as the hand-over.
    const double device = profiled_span_ms(events);
    hand_over = std::max(0.0, hand_over - device);
    timings.add(stage, device);
  } else {
    pending_.push_back({stage, std::move(events)});
  }
  timings.add(Stage::transfer, hand_over);
}

void ClSharedPipeline::compute_offsets(const SceneTarget& scene, const StereogramParams& params,
                                       StereogramCompositor& compositor, StageTimings& timings) {
  StereogramKernel& kernel = kernels_.stereogram(params);
  const cl::ImageGL& depth = shared(scene.depth_texture(), CL_MEM_READ_ONLY);
  const cl::ImageGL& offsets = shared(compositor.offsets_texture(), CL_MEM_WRITE_ONLY);
  run_on_shared(Stage::stereogram, {depth, offsets}, timings, [&](const std::vector<cl::Event>& wait) {
    return std::vector<cl::Event>{kernel.enqueue(cl_.queue, depth, offsets, scene.width(), scene.height(), &wait)};
  });
}

void ClSharedPipeline::apply_effect(const EffectSettings& settings, const DisplayImage& source,
                                    ColourTarget& destination, StageTimings& timings) {
  const cl::ImageGL& in = shared(source.texture, CL_MEM_READ_ONLY);
  const cl::ImageGL& out = shared(destination.texture(), CL_MEM_WRITE_ONLY);
  const BlurBorder border = settings.blur_clamp ? BlurBorder::clamp : BlurBorder::zero;
  run_on_shared(Stage::effects, {in, out}, timings, [&](const std::vector<cl::Event>& wait) {
    return settings.effect == Effect::sobel
               ? kernels_.effects().sobel(cl_.queue, in, out, source.width, source.height, wait)
               : kernels_.effects().blur(cl_.queue, in, out, source.width, source.height, settings.blur_radius, border, wait);
  });
}

Histogram256 ClSharedPipeline::histogram(const DisplayImage& image, StageTimings& timings) {
  const cl::ImageGL& in = shared(image.texture, CL_MEM_READ_ONLY);
  run_on_shared(Stage::effects, {in}, timings, [&](const std::vector<cl::Event>& wait) {
    return kernels_.effects().histogram(cl_.queue, in, image.width, image.height, wait);
  });
  return kernels_.effects().read_histogram(cl_.queue);  // the one value that must come to the host
}

}  // namespace stereocl
