#pragma once
// GPU mode: OpenCL works on the GL textures themselves (cl_khr_gl_sharing). Each step is
// sync GL -> acquire -> kernels -> release -> sync CL; no pixel crosses to the host.
// With cl_khr_gl_event, acquire and release synchronise with the GL context of this thread by
// themselves, so the CPU never waits: GL and CL work queue up back to back on the GPU. Without
// it, the portable explicit path is taken: glFinish before acquire, clFinish after release.
#include "app/pipeline.hpp"
#include "compute/cl_environment.hpp"
#include "compute/cl_kernels.hpp"

#include <map>
#include <utility>

namespace stereocl {

class ClSharedPipeline final : public Pipeline {
 public:
  ClSharedPipeline(ClEnvironment& cl, ClKernels& kernels);
  void compute_offsets(const SceneTarget& scene, const StereogramParams& params, StereogramCompositor& compositor,
                       StageTimings& timings) override;
  void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                    StageTimings& timings) override;
  Histogram256 histogram(const DisplayImage& image, StageTimings& timings) override;
  // The CL views of GL textures must go before the textures do (resize, new depth map).
  void release_shared_textures() override {
    cl_.queue.finish();  // queued work may still use them
    pending_.clear();
    shared_.clear();
  }

 private:
  // The CL image for a GL texture, made on first use and kept until release_shared_textures().
  const cl::ImageGL& shared(GLuint texture, cl_mem_flags access);
  // acquire -> work(wait list) -> release -> sync; `work`'s device time is added to `stage` once
  // its events have completed (usually at the next call: reading it now would make the CPU wait).
  template <class Work>
  void run_on_shared(Stage stage, const std::vector<cl::Memory>& objects, StageTimings& timings, Work&& work);
  // Adds the device time of finished work to the timings; with wait_all, waits for all of it.
  void collect_device_times(StageTimings& timings, bool wait_all);

  struct PendingWork {
    Stage stage;
    std::vector<cl::Event> events;
  };

  ClEnvironment& cl_;
  ClKernels& kernels_;
  std::vector<PendingWork> pending_;
  std::map<std::pair<GLuint, cl_mem_flags>, cl::ImageGL> shared_;
};

}  // namespace stereocl
