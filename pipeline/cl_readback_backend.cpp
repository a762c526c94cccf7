#include "pipeline/cl_readback_backend.hpp"

#include "core/stopwatch.hpp"
#include "compute/cl/cl_profiling.hpp"
#include "compute/cl/cl_sizes.hpp"
#include "pipeline/frame_chain.hpp"

namespace stereocl {

Result<cl::Image2D*> ClReadbackBackend::upload_depth(const SceneTarget& scene) {
  const int width = scene.width(), height = scene.height();
  cl::Image2D& depth = device_image(depth_image_, kFloatImageFormat, width, height);
  if (Status read = readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, depth_); !read)
    return failure(read.error());
  cl_.queue.enqueueWriteImage(depth, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, depth_.pixels.data());
  return &depth;
}

Status ClReadbackBackend::offsets(const SpanIo& io, StageTimings& timings) {
  const SceneTarget& scene = io.scene;
  const StereogramParams& params = io.params;
  const int width = scene.width(), height = scene.height();
  const int out_width = width + stereogram_strip_width(params);
  cl::Image2D& offsets = device_image(offsets_image_, kFloatImageFormat, out_width, height);
  if (offsets_.width != out_width || offsets_.height != height) offsets_ = OffsetImage(out_width, height);

  Stopwatch clock;
  const Result<cl::Image2D*> uploaded = upload_depth(scene);
  if (!uploaded) return failure(uploaded.error());
  cl::Image2D& depth = **uploaded;
  double transfer = clock.lap();
  const Result<cl::Event> run = kernels_.enqueue_stereogram(cl_.queue, depth, offsets, width, height, params);
  if (!run) return failure(run.error());
  cl_.queue.enqueueReadImage(offsets, CL_TRUE, {0, 0, 0}, image_region(out_width, height), 0, 0, offsets_.pixels.data());
  const double kernel_ms = profiled_span_ms({*run});
  transfer += clock.lap() - kernel_ms;
  upload_texture(io.offsets.get(), offsets_);
  transfer += clock.lap();
  timings.add(Stage::stereogram, kernel_ms);
  timings.add(Stage::transfer, transfer);
  return {};
}

cl::Image2D& ClReadbackBackend::upload_rgba(const DisplayImage& source, DeviceImage& slot, StageTimings& timings) {
  Stopwatch clock;
  const RgbaImage pixels = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  cl::Image2D& image = device_image(slot, kRgbaImageFormat, source.width, source.height);
  cl_.queue.enqueueWriteImage(image, CL_TRUE, {0, 0, 0}, image_region(source.width, source.height), 0, 0, pixels.pixels.data());
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
  RgbaImage result(width, height);
  cl_.queue.enqueueReadImage(out, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, result.pixels.data());
  upload_texture(io.effect_target->texture().get(), result);
  timings.add(Stage::transfer, clock.lap());
}

Histogram256 ClReadbackBackend::histogram(const SpanIo& io, StageTimings& timings) {
  const DisplayImage& image = io.source;
  cl::Image2D& in = upload_rgba(image, rgba_in_, timings);
  timings.add(Stage::histogram, profiled_span_ms(kernels_.effects().histogram(cl_.queue, in, image.width, image.height)));
  return kernels_.effects().read_histogram(cl_.queue);
}

Result<std::optional<Histogram256>> ClReadbackBackend::chain(std::span<const Pass> passes, const SpanIo& io,
                                                             StageTimings& timings) {
  const FrameSteps steps = steps_of(passes, io);
  const int width = steps.picture_width(), height = steps.height;
  Stopwatch clock;
  const Result<cl::Image2D*> depth = upload_depth(io.scene);
  if (!depth) return failure(depth.error());
  const FrameImages images{**depth, device_image(offsets_image_, kFloatImageFormat, width, height), device_copy(io.pattern, cl_.context, this),
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
  RgbaImage shown(width, height);
  const cl::Image& result = images.effect_target ? *images.effect_target : images.picture;
  cl_.queue.enqueueReadImage(result, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, shown.pixels.data());
  add_device_times(*events, timings);
  transfer += std::max(0.0, clock.lap() - profiled_span_ms(all_events(*events)));
  upload_texture((images.effect_target ? io.effect_target->texture() : io.picture).get(), shown);
  timings.add(Stage::transfer, transfer + clock.lap());
  return histogram;
}

}  // namespace stereocl
