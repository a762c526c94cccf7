#pragma once
// GPU (external memory) mode: GL and OpenCL share memory that Vulkan allocated
// (pipeline/interop/external_memory_link.hpp), as buffers, since NVIDIA's OpenCL makes no images of it.
// A frame: the depth pass writes linear depth into the depth buffer itself -> GL signals a
// semaphore -> OpenCL waits on it, runs the stereogram kernel (lookup or symmetric, each built
// for buffers) from buffer to buffer, signals the other -> GL waits on that and the compose pass
// reads the offsets buffer as a buffer texture, rows W + P floats long for lookup and W for
// symmetric (whose whole pattern columns the compose samples as whole pixels). No texture is
// copied into a buffer or back (the probe found those copies costly), and the CPU waits
// for nothing. Frames that need the textures (a still depth map, a debug view, a symmetric
// kernel that does not build) and the histogram go to the texture back-end it is given. So does a
// whole frame with an effect, where that back-end shares GL textures: one cl_khr_gl_sharing
// hand-over for stereogram, compose and effect costs less than the semaphores plus a second
// hand-over for the effect (docs/performance.md, "GPU (external memory) mode's effect frames").
// With --pipeline, a frame in flight: the link has two slots of depth, offsets and semaphores;
// GL draws frame N's depth into one and composes frame N - 1's offsets from the other while OpenCL
// computes frame N's, so that neither API waits for the frame it has just submitted.
#include "compute/cl/cl_environment.hpp"
#include "compute/cl/cl_profiling.hpp"
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/notices.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/interop/external_memory_link.hpp"

#include <array>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stereocl {

class ExternalMemoryBackend final : public Backend {
 public:
  // Throws KernelBuildError where the lookup buffer kernel does not build. The symmetric one is
  // built at the first symmetric frame; P, M and the units build nothing.
  // Says what it falls back to, and the buffers it makes, through `notices`.
  ExternalMemoryBackend(ClEnvironment& cl, StereogramKernelKind kind, std::unique_ptr<Backend> on_textures,
                        Notices& notices);
  ~ExternalMemoryBackend() override;

  // Whether the mode can run here: tries every step (Vulkan export, GL import, OpenCL import, the
  // lookup buffer kernel's build) on tiny buffers and names the first that fails.
  // The symmetric kernel's build is not part of the probe (two more programs to compile);
  // where it fails, its frames take the texture path and say so once.
  static Status probe(ClEnvironment& cl, StereogramKernelKind kind);

  // The stereogram through the shared buffers where the frame allows (an animated depth, no debug
  // view, a buffer kernel that builds, a link of this size); a frame with an effect whole on the
  // shared textures; anything else step by step on the textures.
  FramePlan plan(const FrameRequest& request, const SceneTarget& scene, const StereogramParams& params) override;
  const SharedGlBuffers* shared_buffers() const override { return &buffers_; }
  // A lone stereogram pass of a buffer plan runs here; every other span goes to the texture back-end.
  Result<std::optional<Histogram256>> run(std::span<const Pass> passes, const SpanIo& io,
                                          StageTimings& timings) override;
  // Its own 64-float link, so that the frames' link and its semaphores are left as they were;
  // OpenCL copies one float from the depth buffer to the offsets buffer.
  Result<HandoverFloor> handover_floor(int frames, SyncStrategy sync) override;

 private:
  // The plan through the shared buffers where the frame allows, else through the textures.
  FramePlan buffer_or_texture_plan(const FrameRequest& request, const SceneTarget& scene,
                                   const StereogramParams& params);
  // A link whose buffers hold this frame's depth and offsets; remade only to grow.
  void fit_link(int width, int height, int offsets_row_length);
  void drop_link();
  // Whether this frame's depth and offsets can go through the buffers; makes them if needed.
  bool buffers_ready(const SceneTarget& scene, const StereogramParams& params);
  // Whether params' algorithm has its buffer kernel now (building it if needed).
  bool buffer_kernel_ready(const StereogramParams& params);
  // GL's depth -> the buffer kernel -> GL's compose, by the semaphores.
  Status offsets_through_buffers(const SpanIo& io, StageTimings& timings);
  Result<cl::Event> enqueue_kernel(const SceneTarget& scene, const StereogramParams& params, int depth_slot);
  void check_link_once();

  ClEnvironment& cl_;
  Notices& notices_;
  ClStereograms stereograms_;
  std::set<StereogramAlgorithm> unbuildable_;  // a build failed once: not tried again every frame
  std::unique_ptr<Backend> on_textures_;
  std::optional<ExternalMemoryLink> link_;
  SharedGlBuffers buffers_;
  // This frame's slots: GL draws depth into draw_slot_ and composes from compose_slot_, the slot
  // the last frame computed where a pipeline goes on (pipelined_), else draw_slot_ itself.
  int draw_slot_ = 0, compose_slot_ = 0;
  bool pipelined_ = false;
  // The slot whose offsets the next pipelined frame composes, where the last frame left one.
  std::optional<int> behind_slot_;
  // OpenCL has signalled that the slot's offsets are done and GL has not yet waited for it: a
  // binary semaphore must be waited for before OpenCL signals it again, and GL must not draw the
  // slot's depth while OpenCL may still read it.
  std::array<bool, ExternalMemoryLink::kSlots> gl_owes_wait_{};
  bool link_checked_ = false;
  std::pair<int, int> failed_size_{0, 0};  // a scene size whose link could not be made: not tried again
  // The kernels' events, read once done: nothing waits for them, even with frames in flight.
  DeferredProfiles profiles_;
};

}  // namespace stereocl
