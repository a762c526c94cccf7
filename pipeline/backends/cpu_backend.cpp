#include "pipeline/backends/cpu_backend.hpp"

#include "core/stopwatch.hpp"
#include "core/thread_count.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/luma_cpu.hpp"
#include "pipeline/backends/host_bands.hpp"

#include <algorithm>
#include <memory>

namespace stereocl {

const RgbaImage& CpuBackend::host_pattern(const gl::Texture& pattern) {
  std::shared_ptr<void>& slot = pattern.view(this, 0);
  if (!slot) slot = std::make_shared<RgbaImage>(read_texture_rgba(pattern));
  return *static_cast<const RgbaImage*>(slot.get());
}

Result<std::optional<Histogram256>> CpuBackend::chain(std::span<const Pass> passes, const SpanIo& io,
                                                      StageTimings& timings) {
  if (passes.size() != 2 || !has_pass(passes, Pass::stereogram) || !has_pass(passes, Pass::compose))
    return PassBackend::chain(passes, io, timings);
  const SceneTarget& scene = io.scene;
  const int width = scene.width(), height = scene.height();
  const RgbaImage& pattern = host_pattern(io.pattern);
  // Half bands: two bands of depth sit in pixel buffers at once, and more bands let more of the
  // read back run under the linking.
  const int band = band_rows(width + stereogram_strip_width(io.params), height, kBandPixels / 2);
  const auto request_depth = [&](int y) {
    depth_reads_.request(scene.framebuffer(), GL_COLOR_ATTACHMENT1, y, width, std::min(band, height - y),
                         float_rows(static_cast<std::size_t>(width) * sizeof(float)));
  };
  BandTimes times;
  depth_reads_.forget();
  request_depth(0);
  const Status made = for_each_band(height, band, BandOrder::bottom_up, [&](int y, int rows) {
    if (y + rows < height) request_depth(y + rows);  // GL copies it while this band is linked
    return make_band(io, pattern, y, rows, times);
  });
  if (!made) return failure(made.error());
  timings.add(Stage::transfer, times.transfer);
  timings.add(Stage::stereogram, times.stereogram);
  timings.add(Stage::compose, times.compose);
  return std::optional<Histogram256>{};
}

Status CpuBackend::make_band(const SpanIo& io, const RgbaImage& pattern, int y, int rows, BandTimes& times) {
  const int width = io.scene.width();
  const int out_width = width + stereogram_strip_width(io.params);
  const PixelRows picture_rows = rgba8_rows(static_cast<std::size_t>(out_width) * 4);
  Stopwatch clock;
  // Linked where GL copied it, in the mapped buffer: no copy of the band on the host.
  Status linked;
  const Status read = depth_reads_.read_oldest([&](const void* depth, std::size_t /*bytes: the band requested*/) {
    times.transfer += clock.lap();
    linked = frame_.link(DepthView(static_cast<const float*>(depth), width, rows), io.params, y);
    times.stereogram += clock.lap();
  });
  if (!read) return read;
  if (!linked) return linked;
  Result<void*> room = picture_upload_.map(picture_rows.row_pitch * static_cast<std::size_t>(rows));
  if (!room) return failure(room.error());
  frame_.compose(pattern, io.sampling, y, static_cast<Rgba8*>(*room));
  times.compose += clock.lap();  // the buffer's mapping with it
  const Status uploaded = picture_upload_.upload(io.picture.get(), y, out_width, rows, picture_rows);
  times.transfer += clock.lap();
  return uploaded;
}

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
  if (Status run = frame_.link(depth_, params, 0); !run) return run;
  timings.add(Stage::stereogram, clock.lap());
  upload_texture(io.offsets.get(), frame_.offsets());
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
  return {};
}

void CpuBackend::effect(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& source = io.source;
  Stopwatch clock;
  const RgbaImage input = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  double transfer = clock.lap();
  const RgbaImage output = io.effect.effect->cpu(input, io.effect, resolve_thread_count(frame_.threads()));
  timings.add(Stage::effects, clock.lap());
  upload_texture(io.effect_target->texture().get(), output);
  transfer += clock.lap();
  timings.add(Stage::transfer, transfer);
}

Histogram256 CpuBackend::histogram(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& image = io.source;
  Stopwatch clock;
  const int threads = resolve_thread_count(frame_.threads());
  // Band by band: the counts add up the same, and the picture is never on the host whole.
  const int band = band_rows(image.width, image.height);
  RgbaImage rows;
  Histogram256 bins{};
  for (int y = 0; y < image.height; y += band) {
    rows.reshape(image.width, std::min(band, image.height - y));
    read_pixels(image.framebuffer, GL_COLOR_ATTACHMENT0, y, image.width, rows.height,
                rgba8_rows(static_cast<std::size_t>(image.width) * 4), rows.pixels.data());
    const GreyImage luma = luma_from_rgba(rows, threads);
    const Histogram256 part = histogram_reference(luma.pixels.data(), luma.pixels.size(), threads);
    add_counts(bins, part);
  }
  timings.add(Stage::histogram, clock.lap());
  return bins;
}

}  // namespace stereocl
