#include "pipeline/cl_readback_backend.hpp"

#include "core/stopwatch.hpp"
#include "compute/cl/cl_profiling.hpp"
#include "compute/cl/cl_sizes.hpp"

namespace stereocl {
namespace {

const cl::ImageFormat kFloatFormat(CL_R, CL_FLOAT);
const cl::ImageFormat kRgbaFormat(CL_RGBA, CL_UNORM_INT8);

}  // namespace

cl::Image2D& ClReadbackBackend::device_image(DeviceImage& slot, const cl::ImageFormat& format, int width, int height) {
  if (slot.width != width || slot.height != height) {
    slot.image = cl::Image2D(cl_.context, CL_MEM_READ_WRITE, format, static_cast<cl::size_type>(width),
                             static_cast<cl::size_type>(height));
    slot.width = width;
    slot.height = height;
  }
  return slot.image;
}

Status ClReadbackBackend::compute_offsets(const SceneTarget& scene, const StereogramParams& params,
                                          const gl::Texture& offsets_texture, StageTimings& timings) {
  const int width = scene.width(), height = scene.height();
  const int out_width = width + stereogram_strip_width(params);
  cl::Image2D& depth = device_image(depth_image_, kFloatFormat, width, height);
  cl::Image2D& offsets = device_image(offsets_image_, kFloatFormat, out_width, height);
  if (offsets_.width != out_width || offsets_.height != height) offsets_ = OffsetImage(out_width, height);

  Stopwatch clock;
  if (Status read = readback_.read(scene.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, depth_); !read) return read;
  cl_.queue.enqueueWriteImage(depth, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, depth_.pixels.data());
  double transfer = clock.lap();
  const Result<cl::Event> run = kernels_.enqueue_stereogram(cl_.queue, depth, offsets, width, height, params);
  if (!run) return failure(run.error());
  cl_.queue.enqueueReadImage(offsets, CL_TRUE, {0, 0, 0}, image_region(out_width, height), 0, 0, offsets_.pixels.data());
  const double kernel_ms = profiled_span_ms({*run});
  transfer += clock.lap() - kernel_ms;
  upload_texture(offsets_texture.get(), offsets_);
  transfer += clock.lap();
  timings.add(Stage::stereogram, kernel_ms);
  timings.add(Stage::transfer, transfer);
  return {};
}

cl::Image2D& ClReadbackBackend::upload_rgba(const DisplayImage& source, DeviceImage& slot, StageTimings& timings) {
  Stopwatch clock;
  const RgbaImage pixels = read_rgba(source.framebuffer, GL_COLOR_ATTACHMENT0, source.width, source.height);
  cl::Image2D& image = device_image(slot, kRgbaFormat, source.width, source.height);
  cl_.queue.enqueueWriteImage(image, CL_TRUE, {0, 0, 0}, image_region(source.width, source.height), 0, 0, pixels.pixels.data());
  timings.add(Stage::transfer, clock.lap());
  return image;
}

void ClReadbackBackend::apply_effect(const EffectSettings& settings, const DisplayImage& source,
                                      ColourTarget& destination, StageTimings& timings) {
  const int width = source.width, height = source.height;
  cl::Image2D& in = upload_rgba(source, rgba_in_, timings);
  cl::Image2D& out = device_image(rgba_out_, kRgbaFormat, width, height);
  const std::vector<cl::Event> events =
      settings.effect->device(kernels_.effects(), DeviceEffectCall{cl_.queue, in, out, width, height, {}}, settings);
  timings.add(Stage::effects, profiled_span_ms(events));

  Stopwatch clock;
  RgbaImage result(width, height);
  cl_.queue.enqueueReadImage(out, CL_TRUE, {0, 0, 0}, image_region(width, height), 0, 0, result.pixels.data());
  upload_texture(destination.texture().get(), result);
  timings.add(Stage::transfer, clock.lap());
}

Histogram256 ClReadbackBackend::histogram(const DisplayImage& image, StageTimings& timings) {
  cl::Image2D& in = upload_rgba(image, rgba_in_, timings);
  timings.add(Stage::histogram, profiled_span_ms(kernels_.effects().histogram(cl_.queue, in, image.width, image.height)));
  return kernels_.effects().read_histogram(cl_.queue);
}

}  // namespace stereocl
