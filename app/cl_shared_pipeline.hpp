#pragma once
// GPU mode: OpenCL works on the GL textures themselves (cl_khr_gl_sharing). Each step is
// sync GL -> acquire -> kernels -> release -> sync CL; no pixel crosses to the host.
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
  void release_shared_textures() override { shared_.clear(); }

 private:
  // The CL image for a GL texture, made on first use and kept until release_shared_textures().
  const cl::ImageGL& shared(GLuint texture, cl_mem_flags access);
  // Makes GL's work so far visible to CL: a fence CL waits on, or glFinish without cl_khr_gl_event.
  std::vector<cl::Event> gl_done();
  // acquire -> work(wait list) -> release -> finish; returns the device time of `work`'s events.
  template <class Work>
  double run_on_shared(const std::vector<cl::Memory>& objects, StageTimings& timings, Work&& work);

  using GetEventFromGlSync = cl_event(CL_API_CALL*)(cl_context, void*, cl_int*);
  ClEnvironment& cl_;
  ClKernels& kernels_;
  GetEventFromGlSync event_from_gl_sync_ = nullptr;
  std::map<std::pair<GLuint, cl_mem_flags>, cl::ImageGL> shared_;
};

}  // namespace stereocl
