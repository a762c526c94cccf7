#include "pipeline/cpu_backend.hpp"

#include "core/stopwatch.hpp"
#include "core/thread_count.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"

#include <algorithm>

namespace stereocl {
namespace {

// A band of the picture on the host at a time: a few MiB, whatever the size.
constexpr int kHistogramBandPixels = 1 << 20;

}  // namespace

Status CpuBackend::offsets(const SpanIo& io, StageTimings& timings) {
  const SceneTarget& scene = io.scene;
  const StereogramParams& params = io.params;
  Stopwatch clock;
  // Straight into the host copy the algorithm reads: a pixel buffer beside it would be as large.
  if (depth_.width != scene.width() || depth_.height != scene.height())
    depth_ = DepthImage(scene.width(), scene.height());
  read_pixels(scene.framebuffer(), GL_COLOR_ATTACHMENT1, 0, scene.width(), scene.height(),
              float_rows(static_cast<std::size_t>(scene.width()) * sizeof(float)), depth_.pixels.data());
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
  // Band by band: the counts add up the same, and the picture is never on the host whole.
  const int band = std::clamp(kHistogramBandPixels / std::max(image.width, 1), 1, std::max(image.height, 1));
  RgbaImage rows(image.width, band);
  Histogram256 bins{};
  for (int y = 0; y < image.height; y += band) {
    if (image.height - y < band) rows = RgbaImage(image.width, image.height - y);
    read_pixels(image.framebuffer, GL_COLOR_ATTACHMENT0, y, image.width, rows.height,
                rgba8_rows(static_cast<std::size_t>(image.width) * 4), rows.pixels.data());
    const GreyImage luma = luma_from_rgba(rows, threads);
    const Histogram256 part = histogram_reference(luma.pixels.data(), luma.pixels.size(), threads);
    for (std::size_t i = 0; i < bins.size(); ++i) bins[i] += part[i];
  }
  timings.add(Stage::histogram, clock.lap());
  return bins;
}

}  // namespace stereocl
