#include "pipeline/backends/gl_compute_backend.hpp"

#include "compute/stereogram/algorithm_table.hpp"

#include <string>

namespace stereocl {

SymmetricShaderPlan shader_plan_of(const SymmetricPlan& plan) {
  return {.oversample = plan.oversample,
          .pattern_columns = plan.pattern_columns,
          .inverse_pattern_columns = plan.inverse_pattern_columns,
          .colouring = static_cast<int>(plan.group_colour),
          .dot_rows = plan.dot_rows,
          .dot_columns = plan.dot_columns,
          .eye_separation = plan.eye_separation,
          .nearest_separation = plan.nearest_separation,
          .separations = plan.separations,
          .separation_fraction_bits = kSeparationFractionBits};
}

Result<std::optional<Histogram256>> GlComputeBackend::run(std::span<const Pass> passes, const SpanIo& io,
                                                          StageTimings& timings) {
  if (passes.size() != 1 || passes.front() != Pass::stereogram) return effects_->run(passes, io, timings);
  if (Status computed = offsets(io); !computed) return failure(computed.error());
  return std::optional<Histogram256>{};
}

Status GlComputeBackend::offsets(const SpanIo& io) {
  if (io.params.algorithm != StereogramAlgorithm::symmetric)
    return failure(std::string("GL compute mode runs the symmetric algorithm only, not ") +
                   stereogram_algorithm_name(io.params.algorithm));
  const SymmetricParams wanted = symmetric_params_of(io.params);
  if (planned_ != wanted) {
    if (const Status valid = validate(wanted); !valid) return failure("symmetric stereogram: " + valid.error());
    pass_.use(shader_plan_of(make_symmetric_plan(wanted)));
    planned_ = wanted;
  }
  const SceneTarget& scene = io.scene;
  if (io.gl_timer) io.gl_timer->begin(static_cast<int>(Stage::stereogram));
  Status ran = pass_.run(scene.depth_texture().get(), io.offsets.get(), scene.width(), scene.height());
  if (io.gl_timer) io.gl_timer->end();
  return ran;
}

}  // namespace stereocl
