#pragma once
// GPU (external memory) mode: GL and OpenCL share memory that Vulkan allocated
// (pipeline/external_memory_link.hpp), as buffers, since NVIDIA's OpenCL makes no images of it.
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
// With --pipeline, GL draws frame N + 1's depth into the second depth buffer while OpenCL computes
// frame N's offsets from the first, and GL signals OpenCL after its compose rather than after its
// depth pass: the kernel then never waits for GL, and GL's depth pass hides the hand-over.
#include "compute/cl/cl_environment.hpp"
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/notices.hpp"
#include "pipeline/backend.hpp"
#include "pipeline/external_memory_link.hpp"

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

  const SharedGlBuffers* gl_buffers(const SceneTarget& scene, const StereogramParams& params, bool textures_needed,
                                    BufferPipelining pipelining) override;
  void picture_composed() override;
  // Its own 64-float link, so that the frames' link and its semaphores are left as they were;
  // OpenCL copies one float from the depth buffer to the offsets buffer.
  Result<HandoverFloor> handover_floor(int frames) override;
  Status compute_offsets(const SceneTarget&, const StereogramParams&, const gl::Texture& offsets, StageTimings&) override;
  void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                    StageTimings& timings) override {
    on_textures_->apply_effect(settings, source, destination, timings);
  }
  Histogram256 histogram(const DisplayImage& image, StageTimings& timings) override {
    return on_textures_->histogram(image, timings);
  }
  void set_interop_sync(SyncStrategy strategy) override { on_textures_->set_interop_sync(strategy); }
  bool runs_whole_frames(bool with_effect) const override {
    return with_effect && cl_.shares_gl && on_textures_->runs_whole_frames(with_effect);
  }
  Result<std::optional<Histogram256>> run_whole_frame(const WholeFrame& frame, StageTimings& timings) override {
    return on_textures_->run_whole_frame(frame, timings);
  }

 private:
  // A link whose buffers hold this frame's depth and offsets; remade only to grow.
  void fit_link(int width, int height, int offsets_row_length);
  void drop_link();
  // Whether params' algorithm has its buffer kernel now (building it if needed).
  bool buffer_kernel_ready(const StereogramParams& params);
  Result<cl::Event> enqueue_kernel(const SceneTarget& scene, const StereogramParams& params, int depth_slot);

  ClEnvironment& cl_;
  Notices& notices_;
  ClStereograms stereograms_;
  std::set<StereogramAlgorithm> unbuildable_;  // a build failed once: not tried again every frame
  std::unique_ptr<Backend> on_textures_;
  std::optional<ExternalMemoryLink> link_;
  SharedGlBuffers buffers_;
  bool buffers_handed_out_ = false;  // this frame's depth went to the buffer
  // --pipeline: the depth slot GL draws into this frame, and the one OpenCL reads (the slot drawn
  // last frame, where primed_). gl_signalled_: GL signalled after a compose, and no OpenCL wait
  // has taken that signal yet (binary semaphores: it must be taken before GL signals again).
  bool pipelined_ = false, primed_ = false, gl_signalled_ = false;
  int draw_slot_ = 0, read_slot_ = 0;
  bool link_checked_ = false;
  std::pair<int, int> failed_size_{0, 0};  // a scene size whose link could not be made: not tried again
  // The kernel's event, read at the next frame: nothing waits for it now.
  std::vector<cl::Event> unprofiled_;
};

}  // namespace stereocl
