#include "pipeline/cpu_backend.hpp"

#include "core/stopwatch.hpp"
#include "core/thread_count.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/stereogram/lookup_cpu.hpp"
#include "compute/stereogram/symmetric_cpu.hpp"

#include <stdexcept>

namespace stereocl {

Status CpuBackend::compute_offsets(const SceneTarget& scene, const StereogramParams& params, const gl::Texture& offsets,
                                   StageTimings& timings) {
  Stopwatch clock;
  if (Status read = readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, scene.width(), scene.height(), depth_); !read)
    return read;
  double transfer = clock.lap();
  if (params.algorithm == StereogramAlgorithm::symmetric) {
    try {
      symmetric_coordinates_parallel(depth_, symmetric_plan(params), threads_, offsets_);
    } catch (const std::invalid_argument& error) {
      return failure(error.what());
    }
  } else {
    stereogram_offsets_parallel(depth_, params, threads_, offsets_);
  }
  timings.add(Stage::stereogram, clock.lap());
  upload_texture(offsets.get(), offsets_);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
  return {};
}

const SymmetricPlan& CpuBackend::symmetric_plan(const StereogramParams& params) {
  const SymmetricParams wanted = symmetric_params_of(params);
  if (!symmetric_plan_ || symmetric_params_ != wanted) {
    symmetric_plan_ = make_symmetric_plan(wanted);
    symmetric_params_ = wanted;
  }
  return *symmetric_plan_;
}

void CpuBackend::apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                              StageTimings& timings) {
  Stopwatch clock;
  const RgbaImage input = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  double transfer = clock.lap();
  const RgbaImage output = settings.effect->cpu(input, settings, resolve_thread_count(threads_));
  timings.add(Stage::effects, clock.lap());
  upload_texture(destination.texture().get(), output);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

Histogram256 CpuBackend::histogram(const DisplayImage& image, StageTimings& timings) {
  Stopwatch clock;
  const int threads = resolve_thread_count(threads_);
  const GreyImage luma = luma_from_rgba(read_rgba(image.framebuffer, GL_COLOR_ATTACHMENT0, image.width, image.height), threads);
  const Histogram256 bins = histogram_reference(luma.pixels.data(), luma.pixels.size(), threads);
  timings.add(Stage::histogram, clock.lap());
  return bins;
}

}  // namespace stereocl
