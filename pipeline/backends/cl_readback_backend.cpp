#include "pipeline/backends/cl_readback_backend.hpp"

#include "core/stopwatch.hpp"
#include "compute/cl/cl_profiling.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "pipeline/backends/frame_chain.hpp"
#include "pipeline/backends/host_bands.hpp"

namespace stereocl {

cl::Image2D& ClReadbackBackend::upload(const DisplayImage& source, GLenum attachment, DeviceImage& slot, bool depth) {
  cl::Image2D& image = device_image(slot, depth ? kFloatImageFormat : kRgbaImageFormat, source.width, source.height);
  read_rows(source, attachment, image, 0, source.height, depth);
  return image;
}

void ClReadbackBackend::read_rows(const DisplayImage& source, GLenum attachment, const cl::Image2D& image,
                                  int first_row, int rows, bool depth) {
  // Mapped, the device image is where GL reads into: no pixel buffer and no host copy beside it,
  // each as large as the image (docs/performance.md, "Memory a pixel by mode").
  cl::size_type row_pitch = 0;
  void* mapped = cl_.queue.enqueueMapImage(image, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, {0, 0, 0},
                                           image_region(source.width, rows), &row_pitch, nullptr);
  read_pixels(source.framebuffer, attachment, first_row, source.width, rows,
              depth ? float_rows(row_pitch) : rgba8_rows(row_pitch), mapped);
  cl_.queue.enqueueUnmapMemObject(image, mapped);
}

void ClReadbackBackend::download(const cl::Image& image, GLuint texture, int width, int height, bool floats) {
  cl::size_type row_pitch = 0;
  void* mapped = cl_.queue.enqueueMapImage(image, CL_TRUE, CL_MAP_READ, {0, 0, 0}, image_region(width, height),
                                           &row_pitch, nullptr);
  upload_pixels(texture, width, height, floats ? float_rows(row_pitch) : rgba8_rows(row_pitch), mapped);
  cl_.queue.enqueueUnmapMemObject(image, mapped);
  cl_.queue.finish();
}

cl::Image2D& ClReadbackBackend::upload_depth(const SceneTarget& scene) {
  return upload({scene.framebuffer(), nullptr, scene.width(), scene.height()}, GL_COLOR_ATTACHMENT1, depth_image_,
                true);
}

Status ClReadbackBackend::offsets(const SpanIo& io, StageTimings& timings) {
  const SceneTarget& scene = io.scene;
  const StereogramParams& params = io.params;
  const int width = scene.width(), height = scene.height();
  const int out_width = width + stereogram_strip_width(params);
  cl::Image2D& offsets = device_image(offsets_image_, kFloatImageFormat, out_width, height);

  Stopwatch clock;
  cl::Image2D& depth = upload_depth(scene);
  double transfer = clock.lap();
  const Result<cl::Event> run = kernels_.enqueue_stereogram(cl_.queue, depth, offsets, width, height, params);
  if (!run) return failure(run.error());
  run->wait();
  const double kernel_ms = profiled_span_ms({*run});
  clock.lap();
  download(offsets, io.offsets.get(), out_width, height, true);
  transfer += clock.lap();
  timings.add(Stage::stereogram, kernel_ms);
  timings.add(Stage::transfer, transfer);
  return {};
}

cl::Image2D& ClReadbackBackend::upload_rgba(const DisplayImage& source, DeviceImage& slot, StageTimings& timings) {
  Stopwatch clock;
  cl::Image2D& image = upload(source, GL_COLOR_ATTACHMENT0, slot, false);
  timings.add(Stage::transfer, clock.lap());
  return image;
}

void ClReadbackBackend::effect(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& source = io.source;
  const EffectSettings& settings = io.effect;
  const int width = source.width, height = source.height;
  cl::Image2D& in = upload_rgba(source, rgba_in_, timings);
  cl::Image2D& out = device_image(rgba_out_, kRgbaImageFormat, width, height);
  const std::vector<cl::Event> events =
      settings.effect->device(kernels_.effects(), DeviceEffectCall{cl_.queue, in, out, width, height, {}}, settings);
  timings.add(Stage::effects, profiled_span_ms(events));

  Stopwatch clock;
  download(out, io.effect_target->texture().get(), width, height, false);
  timings.add(Stage::transfer, clock.lap());
}

Histogram256 ClReadbackBackend::histogram(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& image = io.source;
  // Band by band: the counts add up the same, and the picture is never on the device whole.
  const int band = band_rows(image.width, image.height);
  const cl::Image2D& rows_image = device_image(histogram_rows_, kRgbaImageFormat, image.width, band);
  Histogram256 bins{};
  double transfer = 0, counting = 0;
  for (int y = 0; y < image.height; y += band) {
    const int rows = std::min(band, image.height - y);
    Stopwatch clock;
    read_rows(image, GL_COLOR_ATTACHMENT0, rows_image, y, rows, false);
    transfer += clock.lap();
    counting += profiled_span_ms(kernels_.effects().histogram(cl_.queue, rows_image, image.width, rows));
    const Histogram256 part = kernels_.effects().read_histogram(cl_.queue);
    add_counts(bins, part);
  }
  timings.add(Stage::transfer, transfer);
  timings.add(Stage::histogram, counting);
  return bins;
}

Result<std::optional<Histogram256>> ClReadbackBackend::chain(std::span<const Pass> passes, const SpanIo& io,
                                                             StageTimings& timings) {
  const FrameSteps steps = steps_of(passes, io);
  const int width = steps.picture_width(), height = steps.height;
  Stopwatch clock;
  const FrameImages images{upload_depth(io.scene), device_image(offsets_image_, kFloatImageFormat, width, height),
                           device_copy(io.pattern, cl_.context, this),
                           device_image(picture_, kRgbaImageFormat, width, height),
                           io.effect.effect ? &device_image(rgba_out_, kRgbaImageFormat, width, height) : nullptr};
  double transfer = clock.lap();
  const Result<StagedEvents> events = enqueue_frame_chain(kernels_, cl_.queue, steps, images, {});
  if (!events) return failure(events.error());
  if (io.overlap) {
    cl_.queue.flush();
    io.overlap();
  }
  std::optional<Histogram256> histogram;
  if (steps.histogram) histogram = kernels_.effects().read_histogram(cl_.queue);
  const cl::Image& result = images.effect_target ? *images.effect_target : images.picture;
  cl_.queue.finish();
  add_device_times(*events, timings);
  transfer += std::max(0.0, clock.lap() - profiled_span_ms(all_events(*events)));
  download(result, (images.effect_target ? io.effect_target->texture() : io.picture).get(), width, height, false);
  timings.add(Stage::transfer, transfer + clock.lap());
  return histogram;
}

}  // namespace stereocl
