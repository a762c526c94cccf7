#include "compute/blur_kernel.hpp"

#include "compute/cl_program.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr int items_per_thread = 4;  // ITEMS_PER_THREAD in kernels/blur.cl
constexpr int column_group_width = 64;

int round_up(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace

BlurKernel::BlurKernel(const cl::Context& context, const cl::Device& device)
    : context_(context),
      group_size_(static_cast<int>(std::min<std::size_t>(256, device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>()))) {
  const std::string group = " -D GROUP_SIZE=" + std::to_string(group_size_);
  const cl::Program grey = build_program(context, device, "blur.cl", "-D CHANNELS=1" + group);
  const cl::Program rgba = build_program(context, device, "blur.cl", "-D CHANNELS=4" + group);
  grey_ = Passes{cl::Kernel(grey, "blur_rows"), cl::Kernel(grey, "blur_columns")};
  rgba_ = Passes{cl::Kernel(rgba, "blur_rows"), cl::Kernel(rgba, "blur_columns")};
}

BlurEvents BlurKernel::enqueue_grey(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                                    int width, int height, int radius, BlurBorder border,
                                    const std::vector<cl::Event>& wait_for) {
  return enqueue(grey_, 1, queue, in, out, width, height, radius, border, wait_for);
}

BlurEvents BlurKernel::enqueue_rgba(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                                    int width, int height, int radius, BlurBorder border,
                                    const std::vector<cl::Event>& wait_for) {
  return enqueue(rgba_, 4, queue, in, out, width, height, radius, border, wait_for);
}

BlurEvents BlurKernel::enqueue(Passes& passes, int channels, const cl::CommandQueue& queue, const cl::Buffer& in,
                               const cl::Buffer& out, int width, int height, int radius, BlurBorder border,
                               const std::vector<cl::Event>& wait_for) {
  require_valid_blur_radius(radius);
  if (width <= 0 || height <= 0)
    throw std::invalid_argument("blur image size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  const auto pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  const std::size_t image_bytes = pixels * static_cast<std::size_t>(channels);
  if (in.getInfo<CL_MEM_SIZE>() < image_bytes || out.getInfo<CL_MEM_SIZE>() < image_bytes)
    throw std::invalid_argument("blur buffer is smaller than " + std::to_string(width) + "x" +
                                std::to_string(height) + "x" + std::to_string(channels) + " bytes");
  const std::size_t row_sums_bytes = image_bytes * sizeof(cl_ushort);
  if (row_sums_bytes_ < row_sums_bytes) {
    row_sums_ = cl::Buffer(context_, CL_MEM_READ_WRITE, row_sums_bytes);
    row_sums_bytes_ = row_sums_bytes;
  }
  const int clamp_border = border == BlurBorder::clamp ? 1 : 0;

  passes.rows.setArg(0, in);
  passes.rows.setArg(1, row_sums_);
  passes.rows.setArg(2, width);
  passes.rows.setArg(3, height);
  passes.rows.setArg(4, radius);
  passes.rows.setArg(5, clamp_border);
  const int outputs_per_group = group_size_ * items_per_thread;
  const int groups_per_row = (width + outputs_per_group - 1) / outputs_per_group;
  BlurEvents events;
  queue.enqueueNDRangeKernel(passes.rows, cl::NullRange, cl::NDRange(groups_per_row * group_size_, height),
                             cl::NDRange(group_size_, 1), wait_for.empty() ? nullptr : &wait_for, &events.row_pass);

  // At least 2r+1 rows per work-item bounds the first window's set-up to one read per output;
  // at least 32 keeps that set-up small for small radii too.
  const int rows_per_item = std::max(32, 2 * radius + 1);
  passes.columns.setArg(0, row_sums_);
  passes.columns.setArg(1, out);
  passes.columns.setArg(2, width);
  passes.columns.setArg(3, height);
  passes.columns.setArg(4, radius);
  passes.columns.setArg(5, clamp_border);
  passes.columns.setArg(6, rows_per_item);
  const std::vector<cl::Event> after_rows{events.row_pass};
  queue.enqueueNDRangeKernel(passes.columns, cl::NullRange,
                             cl::NDRange(round_up(width, column_group_width), (height + rows_per_item - 1) / rows_per_item),
                             cl::NDRange(column_group_width, 1), &after_rows, &events.column_pass);
  return events;
}

}  // namespace stereocl
