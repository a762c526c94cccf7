#pragma once
// GL compute mode: the symmetric stereogram as a GL compute shader (render/symmetric_compute_pass),
// from the scene's linear depth texture straight into the compositor's offsets texture, then GL's
// compose. No OpenCL and no hand-over, and the same picture as CPU mode's symmetric one to the
// bit: --bench sets it beside the OpenCL modes, to show what their interop costs against doing
// the work in GL alone. It runs the symmetric algorithm whatever --algorithm says (the engine
// switches the setting while the mode is on: ModeRow::only_algorithm). Effects and the histogram
// run on the back-end it is given (the best engine there is, as in Scene mode).
#include "compute/stereogram/symmetric_params.hpp"
#include "pipeline/backends/backend.hpp"
#include "render/symmetric_compute_pass.hpp"

#include <memory>
#include <optional>

namespace stereocl {

// The numbers of a symmetric plan that the shader takes.
SymmetricShaderPlan shader_plan_of(const SymmetricPlan& plan);

class GlComputeBackend final : public Backend {
 public:
  explicit GlComputeBackend(std::unique_ptr<Backend> effects) : effects_(std::move(effects)) {}

  // Each pass on its own, with GL's compose between: nothing is handed over.
  FramePlan plan(const FrameRequest& request, const SceneTarget&, const StereogramParams&) override {
    return step_by_step_plan(request);
  }
  // The stereogram pass in GL, timed by GL's timer as the stereogram stage; effect and histogram
  // spans on the back-end it was given. Fails where the parameters are not the symmetric
  // algorithm's or it cannot take them, and where llvmpipe cut the shader's loops short.
  Result<std::optional<Histogram256>> run(std::span<const Pass> passes, const SpanIo& io,
                                          StageTimings& timings) override;

 private:
  Status offsets(const SpanIo& io);

  std::unique_ptr<Backend> effects_;
  SymmetricComputePass pass_;
  std::optional<SymmetricParams> planned_;  // what pass_'s plan was made from
};

}  // namespace stereocl
