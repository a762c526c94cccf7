#include "pipeline/cpu_backend.hpp"

#include "core/stopwatch.hpp"
#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "compute/effects/sobel_cpu.hpp"
#include "compute/stereogram/lookup_cpu.hpp"

namespace stereocl {

Status CpuPipeline::compute_offsets(const SceneTarget& scene, const StereogramParams& params,
                                    StereogramCompositor& compositor, StageTimings& timings) {
  Stopwatch clock;
  if (Status read = readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, scene.width(), scene.height(), depth_); !read)
    return read;
  double transfer = clock.lap();
  stereogram_offsets_parallel(depth_, params, threads_, offsets_);
  timings.add(Stage::stereogram, clock.lap());
  compositor.upload_offsets(offsets_);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
  return {};
}

RgbaImage apply_effect_reference(const EffectSettings& settings, const RgbaImage& image) {
  const BlurBorder border = settings.blur_clamp ? BlurBorder::clamp : BlurBorder::zero;
  switch (settings.effect) {
    case Effect::none: return image;
    case Effect::sobel: return rgba_from_grey(sobel_reference(luma_from_rgba(image)).magnitude);
    case Effect::blur: return blur_reference(image, settings.blur_radius, border);
  }
  return image;
}

void CpuPipeline::apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                               StageTimings& timings) {
  Stopwatch clock;
  const RgbaImage input = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  double transfer = clock.lap();
  const RgbaImage output = apply_effect_reference(settings, input);
  timings.add(Stage::effects, clock.lap());
  upload_texture(destination.texture().get(), output);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

Histogram256 CpuPipeline::histogram(const DisplayImage& image, StageTimings& timings) {
  Stopwatch clock;
  const GreyImage luma = luma_from_rgba(read_rgba(image.framebuffer, GL_COLOR_ATTACHMENT0, image.width, image.height));
  const Histogram256 bins = histogram_reference(luma.pixels.data(), luma.pixels.size());
  timings.add(Stage::effects, clock.lap());
  return bins;
}

}  // namespace stereocl
