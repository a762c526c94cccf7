#include "compute/effects/cl_effects.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

namespace stereocl {

ClEffects::ClEffects(ProgramBuilder& programs)
    : programs_(programs),
      context_(programs.context()),
      luma_(programs),
      blur_(programs),
      histogram_(programs),
      bins_(context_, CL_MEM_READ_WRITE, 256 * sizeof(cl_uint)) {}

void ClEffects::reserve(std::size_t pixels) {
  if (pixels <= capacity_) return;
  luma_buffer_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels);
  dx_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels);
  dy_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels);
  magnitude_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels);
  rgba_in_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels * 4);
  rgba_out_ = cl::Buffer(context_, CL_MEM_READ_WRITE, pixels * 4);
  capacity_ = pixels;
}

std::vector<cl::Event> ClEffects::sobel(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out,
                                        int width, int height, const std::vector<cl::Event>& wait_for) {
  reserve(static_cast<std::size_t>(width) * height);
  std::vector<cl::Event> events;
  events.push_back(luma_.luma_from_rgba(queue, in, luma_buffer_, width, height, wait_for));
  if (!sobel_) sobel_.emplace(programs_);
  events.push_back(sobel_->enqueue(queue, luma_buffer_, dx_, dy_, magnitude_, width, height));
  events.push_back(luma_.rgba_from_luma(queue, magnitude_, out, width, height));
  return events;
}

std::vector<cl::Event> ClEffects::blur(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out,
                                       int width, int height, int radius, BlurBorder border,
                                       const std::vector<cl::Event>& wait_for) {
  reserve(static_cast<std::size_t>(width) * height);
  std::vector<cl::Event> events(2);
  queue.enqueueCopyImageToBuffer(in, rgba_in_, {0, 0, 0}, image_region(width, height), 0, &wait_for, &events[0]);
  const BlurEvents passes = blur_.enqueue_rgba(queue, rgba_in_, rgba_out_, width, height, radius, border);
  queue.enqueueCopyBufferToImage(rgba_out_, out, 0, {0, 0, 0}, image_region(width, height), nullptr, &events[1]);
  events.push_back(passes.row_pass);
  events.push_back(passes.column_pass);
  return events;
}

std::vector<cl::Event> ClEffects::histogram(const cl::CommandQueue& queue, const cl::Image& in, int width, int height,
                                            const std::vector<cl::Event>& wait_for) {
  const std::size_t pixels = static_cast<std::size_t>(width) * height;
  reserve(pixels);
  std::vector<cl::Event> events;
  events.push_back(luma_.luma_from_rgba(queue, in, luma_buffer_, width, height, wait_for));
  events.push_back(histogram_.enqueue(queue, luma_buffer_, pixels, bins_));
  return events;
}

std::vector<cl::Event> ClEffects::histogram_of_sobel_output(const cl::CommandQueue& queue, int width, int height,
                                                            const std::vector<cl::Event>& wait_for) {
  const std::size_t pixels = static_cast<std::size_t>(width) * height;
  return {histogram_.enqueue(queue, magnitude_, pixels, bins_, wait_for)};
}

Histogram256 ClEffects::read_histogram(const cl::CommandQueue& queue) const {
  Histogram256 bins{};
  queue.enqueueReadBuffer(bins_, CL_TRUE, 0, sizeof(bins), bins.data());
  return bins;
}

namespace {
constexpr int kPerPixelGroup = 16;
cl::EnqueueArgs per_pixel_args(const DeviceEffectCall& call) {
  const cl::NDRange global(static_cast<cl::size_type>(round_up(call.width, kPerPixelGroup)),
                           static_cast<cl::size_type>(round_up(call.height, kPerPixelGroup)));
  return enqueue_args(call.queue, call.wait_for, global, cl::NDRange(kPerPixelGroup, kPerPixelGroup));
}
}  // namespace

template <typename Kernel>
Kernel& ClEffects::per_pixel_kernel(std::map<std::string, Kernel, std::less<>>& built, std::string_view file,
                                    const char* kernel) {
  const std::string key = std::string(file) + ":" + kernel;
  auto found = built.find(key);
  if (found == built.end()) found = built.emplace(key, Kernel(programs_.build(file), kernel)).first;
  return found->second;
}

std::vector<cl::Event> ClEffects::per_pixel(std::string_view file, const char* kernel, const DeviceEffectCall& call) {
  return {per_pixel_kernel(per_pixel_, file, kernel)(per_pixel_args(call), call.in, call.out, call.width, call.height)};
}

std::vector<cl::Event> ClEffects::per_pixel(std::string_view file, const char* kernel, const DeviceEffectCall& call,
                                            int parameter) {
  return {per_pixel_kernel(per_pixel_with_parameter_, file, kernel)(per_pixel_args(call), call.in, call.out, call.width,
                                                                    call.height, parameter)};
}

}  // namespace stereocl
