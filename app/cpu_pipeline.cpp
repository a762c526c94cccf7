#include "app/cpu_pipeline.hpp"

#include "app/stopwatch.hpp"
#include "compute/blur_cpu.hpp"
#include "compute/histogram_cpu.hpp"
#include "compute/luma_cpu.hpp"
#include "compute/parallel_rows.hpp"
#include "compute/sobel_cpu.hpp"
#include "compute/stereogram_cpu.hpp"

namespace stereocl {

void CpuPipeline::compute_offsets(const SceneTarget& scene, const StereogramParams& params,
                                  StereogramCompositor& compositor, StageTimings& timings) {
  Stopwatch clock;
  readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, scene.width(), scene.height(), depth_);
  double transfer = clock.lap();
  stereogram_offsets_parallel(depth_, params, threads_, offsets_);
  timings.add(Stage::stereogram, clock.lap());
  compositor.upload_offsets(offsets_);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

RgbaImage apply_effect_reference(const EffectSettings& settings, const RgbaImage& image, int threads) {
  const BlurBorder border = settings.blur_clamp ? BlurBorder::clamp : BlurBorder::zero;
  switch (settings.effect) {
    case Effect::none: return image;
    case Effect::sobel: return rgba_from_grey(sobel_reference(luma_from_rgba(image, threads), threads).magnitude);
    case Effect::blur: return blur_reference(image, settings.blur_radius, border, threads);
  }
  return image;
}

void CpuPipeline::apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                               StageTimings& timings) {
  Stopwatch clock;
  const RgbaImage input = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  double transfer = clock.lap();
  const RgbaImage output = apply_effect_reference(settings, input, resolve_thread_count(threads_));
  timings.add(Stage::effects, clock.lap());
  upload_texture(destination.texture(), output);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

Histogram256 CpuPipeline::histogram(const DisplayImage& image, StageTimings& timings) {
  Stopwatch clock;
  const int threads = resolve_thread_count(threads_);
  const GreyImage luma = luma_from_rgba(read_rgba(image.framebuffer, GL_COLOR_ATTACHMENT0, image.width, image.height), threads);
  const Histogram256 bins = histogram_reference(luma.pixels.data(), luma.pixels.size(), threads);
  timings.add(Stage::histogram, clock.lap());
  return bins;
}

}  // namespace stereocl
