#include "pipeline/backends/cl_shared_backend.hpp"

#include "core/stopwatch.hpp"
#include "compute/cl/cl_profiling.hpp"

#include <CL/cl_gl.h>

namespace stereocl {

ClSharedBackend::ClSharedBackend(ClEnvironment& cl, ClKernels& kernels)
    : PassBackend(one_handover_plan), cl_(cl), kernels_(kernels) {
  if (cl_.gl_events)
    event_from_gl_sync_ = reinterpret_cast<GetEventFromGlSync>(
        clGetExtensionFunctionAddressForPlatform(cl_.platform(), "clCreateEventFromGLsyncKHR"));
}

const cl::ImageGL& ClSharedBackend::shared(const gl::Texture& texture, cl_mem_flags access) {
  // Keyed by the context: a view belongs to the context that made it, which it keeps alive.
  std::shared_ptr<void>& slot = texture.view(cl_.context(), static_cast<unsigned>(access));
  if (!slot) slot = std::make_shared<cl::ImageGL>(cl_.context, access, GL_TEXTURE_2D, 0, texture.get());
  return *static_cast<const cl::ImageGL*>(slot.get());
}

std::vector<cl::Event> ClSharedBackend::gl_done(SyncStrategy sync) {
  if (sync == SyncStrategy::implicit) {
    glFlush();  // acquire orders itself after GL's submitted work; unsubmitted work it cannot see
    return {};
  }
  if (sync == SyncStrategy::fence && event_from_gl_sync_) {
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();  // the fence must reach the GPU, or CL would wait for it forever
    cl_int status = CL_SUCCESS;
    cl_event event = event_from_gl_sync_(cl_.context(), fence, &status);
    glDeleteSync(fence);  // the CL event keeps its own reference to the sync object
    if (status == CL_SUCCESS && event) return {cl::Event(event)};
  }
  glFinish();
  return {};
}

template <class Work>
void ClSharedBackend::run_on_shared(const std::vector<cl::Memory>& objects, SyncStrategy sync, StageTimings& timings,
                                    Work&& work, const std::function<void()>& overlap) {
  collect_deferred(timings);
  Stopwatch clock;
  const std::vector<cl::Event> gl_ready = gl_done(sync);
  cl::Event acquired, released;
  cl_.queue.enqueueAcquireGLObjects(&objects, &gl_ready, &acquired);
  StagedEvents staged;
  try {
    staged = work(std::vector<cl::Event>{acquired});
  } catch (...) {
    release_after_failure(objects);
    throw;
  }
  cl_.queue.enqueueReleaseGLObjects(&objects, nullptr, &released);
  if (overlap) {
    cl_.queue.flush();  // the device starts on it while the CPU submits the GL work
    overlap();
  }
  switch (sync) {
    case SyncStrategy::finish: cl_.queue.finish(); break;
    case SyncStrategy::fence: released.wait(); break;
    case SyncStrategy::implicit:
      cl_.queue.flush();  // GL's next use of the textures waits for the release by itself
      deferred_.insert(deferred_.end(), staged.begin(), staged.end());
      timings.add(Stage::transfer, clock.lap());
      return;
  }
  const double device_ms = profiled_span_ms(all_events(staged));
  add_device_times(staged, timings);
  timings.add(Stage::transfer, std::max(0.0, clock.lap() - device_ms));
}

// A kernel that failed to enqueue leaves the textures acquired: GL's next use of them (the mode
// that takes over draws into the same textures) would then wait for a release that never comes
// (seen on NVIDIA, where it hung the frame loop). They go back before the error goes up; a
// failure of this clean-up itself adds nothing to the error already on its way.
void ClSharedBackend::release_after_failure(const std::vector<cl::Memory>& objects) {
  try {
    cl_.queue.enqueueReleaseGLObjects(&objects);
    cl_.queue.finish();
  } catch (const cl::Error&) {
  }
}

void ClSharedBackend::collect_deferred(StageTimings& timings) {
  add_device_times(deferred_, timings);
  deferred_.clear();
}

Status ClSharedBackend::offsets(const SpanIo& io, StageTimings& timings) {
  const cl::ImageGL& depth = shared(io.scene.depth_texture(), CL_MEM_READ_ONLY);
  const cl::ImageGL& offsets = shared(io.offsets, CL_MEM_WRITE_ONLY);
  Status status;
  run_on_shared({depth, offsets}, io.sync, timings, [&](const std::vector<cl::Event>& wait) {
    Result<cl::Event> run = kernels_.enqueue_stereogram(cl_.queue, depth, offsets, io.scene.width(), io.scene.height(),
                                                        io.params, &wait);
    if (!run) {
      status = failure(run.error());
      return StagedEvents{};
    }
    return StagedEvents{{Stage::stereogram, {*run}}};
  });
  return status;
}

void ClSharedBackend::effect(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& source = io.source;
  const cl::ImageGL& in = shared(*source.texture, CL_MEM_READ_ONLY);
  const cl::ImageGL& out = shared(io.effect_target->texture(), CL_MEM_WRITE_ONLY);
  run_on_shared({in, out}, io.sync, timings, [&](const std::vector<cl::Event>& wait) {
    return StagedEvents{{Stage::effects, io.effect.effect->device(
                                             kernels_.effects(),
                                             DeviceEffectCall{cl_.queue, in, out, source.width, source.height, wait},
                                             io.effect)}};
  });
}

Histogram256 ClSharedBackend::histogram(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& image = io.source;
  const cl::ImageGL& in = shared(*image.texture, CL_MEM_READ_ONLY);
  run_on_shared({in}, io.sync, timings, [&](const std::vector<cl::Event>& wait) {
    return StagedEvents{{Stage::histogram, kernels_.effects().histogram(cl_.queue, in, image.width, image.height, wait)}};
  });
  return kernels_.effects().read_histogram(cl_.queue);  // the one value that must come to the host
}

// Only the depth and the shown picture are GL's; the offsets, the pattern and (under an effect) the
// composed picture stay in CL images, so one acquire maps two textures, as each of the step-by-step
// hand-overs did. The shown picture's view is read-write: the histogram reads what was written.
Result<std::optional<Histogram256>> ClSharedBackend::chain(std::span<const Pass> passes, const SpanIo& io,
                                                           StageTimings& timings) {
  const FrameSteps steps = steps_of(passes, io);
  const int width = steps.picture_width(), height = steps.height;
  const cl::ImageGL& depth = shared(io.scene.depth_texture(), CL_MEM_READ_ONLY);
  const cl::ImageGL& shown = shared(io.effect.effect ? io.effect_target->texture() : io.picture, CL_MEM_READ_WRITE);
  const FrameImages images{depth, offsets_.get(cl_.context, kFloatImageFormat, width, height),
                           device_copy(io.pattern, cl_.context, this),
                           io.effect.effect
                               ? static_cast<const cl::Image&>(picture_.get(cl_.context, kRgbaImageFormat, width, height))
                               : static_cast<const cl::Image&>(shown),
                           io.effect.effect ? &shown : nullptr};
  const std::vector<cl::Memory> objects = {depth, shown};
  Status status;
  const auto work = [&](const std::vector<cl::Event>& wait) {
    Result<StagedEvents> events = enqueue_frame_chain(kernels_, cl_.queue, steps, images, wait);
    if (events) return *events;
    status = failure(events.error());
    return StagedEvents{};
  };
  run_on_shared(objects, io.sync, timings, work, io.overlap);
  if (!status) return failure(status.error());
  if (!steps.histogram) return std::optional<Histogram256>{};
  return std::optional<Histogram256>{kernels_.effects().read_histogram(cl_.queue)};
}

namespace {

// The hand-over floor's GL work: texel (1, 0), which OpenCL then copies to (0, 0).
void clear_first_texel(const gl::Texture& texture, int value) {
  const float texel = static_cast<float>(value);
  glClearTexSubImage(texture.get(), 0, 1, 0, 0, 1, 1, 1, GL_RED, GL_FLOAT, &texel);
}

// Read through GL, so after GL's next use: under implicit sync that is what waits for the release.
Status check_copied_texel(const gl::Texture& texture, int last) {
  float copied = -1;
  glGetTextureSubImage(texture.get(), 0, 0, 0, 0, 1, 1, 1, GL_RED, GL_FLOAT, sizeof copied, &copied);
  if (copied == static_cast<float>(last)) return {};
  return failure("GL read " + std::to_string(copied) + " where OpenCL copied " + std::to_string(last) +
                 ": the hand-over did not order GL and OpenCL");
}

}  // namespace

Result<HandoverFloor> ClSharedBackend::handover_floor(int frames, SyncStrategy sync) {
  if (!glClearTexSubImage || !glGetTextureSubImage) return failure("the GPU-mode hand-over floor needs GL 4.5");
  const gl::Texture texture = gl::make_texture_2d(GL_R32F, 16, 16, GL_RED, GL_FLOAT);
  Result<HandoverFloor> floor = failure("not measured");
  StageTimings unused;  // the floor's own stage times are not the mode's
  try {
    const cl::ImageGL& image = shared(texture, CL_MEM_READ_WRITE);
    const std::vector<cl::Memory> objects{image};
    const auto gl_work = [&](int value) { clear_first_texel(texture, value); };
    const auto hand_over = [&] {
      run_on_shared(objects, sync, unused, [&](const std::vector<cl::Event>& wait) {
        cl::Event copied;
        cl_.queue.enqueueCopyImage(image, image, {1, 0, 0}, {0, 0, 0}, {1, 1, 1}, &wait, &copied);
        return StagedEvents{{Stage::stereogram, {copied}}};
      });
    };
    const auto check = [&](int last) { return check_copied_texel(texture, last); };
    floor = time_handover_floor(frames, gl_work, hand_over, check);
  } catch (const cl::Error& error) {
    floor = failure(std::string(error.what()) + " (" + std::to_string(error.err()) + ")");
  }
  // The texture goes only once neither API can still be using it; a queue that just failed may
  // fail again here, and that adds nothing to the error already on its way.
  try {
    cl_.queue.finish();
    collect_deferred(unused);
  } catch (const cl::Error&) {
  }
  glFinish();
  if (!floor) return failure("GPU mode hand-over floor (" + std::string(sync_strategy_name(sync)) + "): " + floor.error());
  return floor;
}

}  // namespace stereocl
