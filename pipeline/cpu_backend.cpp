#include "pipeline/cpu_backend.hpp"

#include "core/stopwatch.hpp"
#include "core/thread_count.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"

namespace stereocl {

Status CpuBackend::offsets(const SpanIo& io, StageTimings& timings) {
  const SceneTarget& scene = io.scene;
  const StereogramParams& params = io.params;
  Stopwatch clock;
  if (Status read = readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, scene.width(), scene.height(), depth_); !read)
    return read;
  double transfer = clock.lap();
  if (Status run = stereograms_[params.algorithm].run(depth_, params, threads_, offsets_); !run) return run;
  timings.add(Stage::stereogram, clock.lap());
  upload_texture(io.offsets.get(), offsets_);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
  return {};
}

void CpuBackend::effect(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& source = io.source;
  Stopwatch clock;
  const RgbaImage input = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  double transfer = clock.lap();
  const RgbaImage output = io.effect.effect->cpu(input, io.effect, resolve_thread_count(threads_));
  timings.add(Stage::effects, clock.lap());
  upload_texture(io.effect_target->texture().get(), output);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

Histogram256 CpuBackend::histogram(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& image = io.source;
  Stopwatch clock;
  const int threads = resolve_thread_count(threads_);
  const GreyImage luma = luma_from_rgba(read_rgba(image.framebuffer, GL_COLOR_ATTACHMENT0, image.width, image.height), threads);
  const Histogram256 bins = histogram_reference(luma.pixels.data(), luma.pixels.size(), threads);
  timings.add(Stage::histogram, clock.lap());
  return bins;
}

}  // namespace stereocl
