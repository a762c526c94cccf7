#pragma once
// GPU mode: OpenCL works on the GL textures themselves (cl_khr_gl_sharing). Each step is
// GL done -> acquire -> kernels -> release -> CL done; no pixel crosses to the host.
// --interop-batch on makes the whole frame one such step (run_whole_frame): stereogram, the
// compose as a CL kernel, effect and histogram behind one acquire, one release and one wait.
// GL -> CL: a GL fence turned into the event acquire waits for (cl_khr_gl_event), else glFinish.
// CL -> GL: waiting for the release event, after which GL may use the textures again.
// --interop-sync picks another hand-over (pipeline/interop/interop_sync.hpp) to compare drivers.
#include "pipeline/interop/interop_sync.hpp"
#include "compute/cl/cl_environment.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/backends/cl_kernels.hpp"
#include "pipeline/backends/device_images.hpp"
#include "pipeline/backends/frame_chain.hpp"

#include <utility>
#include <vector>

namespace stereocl {

class ClSharedBackend final : public PassBackend {
 public:
  // A frame's device work behind one acquire and one release where the request allows it.
  ClSharedBackend(ClEnvironment& cl, ClKernels& kernels);
  // A 16x16 texture handed over with `sync`; OpenCL copies one texel to another.
  Result<HandoverFloor> handover_floor(int frames, SyncStrategy sync) override;

 protected:
  // The kernel reads the depth texture and writes the offsets texture where they are.
  Status offsets(const SpanIo& io, StageTimings& timings) override;
  // The effect's device function straight from one texture into the other.
  void effect(const SpanIo& io, StageTimings& timings) override;
  Histogram256 histogram(const SpanIo& io, StageTimings& timings) override;
  Result<std::optional<Histogram256>> chain(std::span<const Pass> passes, const SpanIo& io,
                                            StageTimings& timings) override;

 private:
  // The CL image of a GL texture, made on first use and kept by the texture itself
  // (gl::Texture::view), so it goes when the texture goes: a remade texture gets a new one.
  const cl::ImageGL& shared(const gl::Texture& texture, cl_mem_flags access);
  // What acquire must wait for so that CL sees GL's work so far: the event of a GL fence, or
  // nothing after a glFinish where the driver cannot make events from fences.
  std::vector<cl::Event> gl_done(SyncStrategy sync);
  // GL done -> acquire -> work(wait list) -> release -> overlap() -> CL done. The device time of `work`'s
  // events goes to their stages; the rest of the wall time, the hand-over itself, to transfer.
  template <class Work>
  void run_on_shared(const std::vector<cl::Memory>& objects, SyncStrategy sync, StageTimings& timings, Work&& work,
                     const std::function<void()>& overlap = {});

  // Implicit sync never waits, so its kernels' device times are read at the next hand-over.
  void release_after_failure(const std::vector<cl::Memory>& objects);
  void collect_deferred(StageTimings& timings);

  using GetEventFromGlSync = cl_event(CL_API_CALL*)(cl_context, void*, cl_int*);
  ClEnvironment& cl_;
  ClKernels& kernels_;
  GetEventFromGlSync event_from_gl_sync_ = nullptr;
  StagedEvents deferred_;
  DeviceImageSlot offsets_, picture_;  // run_whole_frame's images that GL never sees
};

}  // namespace stereocl
