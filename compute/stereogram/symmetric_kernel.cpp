#include "compute/stereogram/symmetric_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr const char* kKernelFile = "stereogram_symmetric.cl";
// Enough lanes to cover a 1080p row in a handful of steps, few enough that a large GPU keeps
// several rows per compute unit.
constexpr std::size_t kTargetGroupSize = 256;
// The global variant runs this many rows at once at most; its scratch is that many rows.
constexpr std::size_t kMaxGlobalGroups = 1024;
constexpr std::size_t kScratchBudgetBytes = std::size_t{256} << 20;

std::string build_options(const SymmetricPlan& plan, bool rows_in_global) {
  return "-D OVERSAMPLE=" + std::to_string(plan.oversample) +
         " -D SEPARATION_LEVELS=" + std::to_string(kSeparationLevels) +
         " -D EYE_SEPARATION=" + std::to_string(plan.eye_separation) +
         " -D NEAREST_SEPARATION=" + std::to_string(plan.nearest_separation) +
         " -D PATTERN_COLUMNS=" + std::to_string(plan.pattern_columns) +
         " -D INVERSE_PATTERN_COLUMNS=" + float_literal(plan.inverse_pattern_columns) +
         (rows_in_global ? " -D ROW_SPACE=__global -D ROW_IN_GLOBAL=1" : " -D ROW_SPACE=__local");
}

// The kernel's BLOCK_WIDTH: depth pixels per entry of its block minimum of separations.
constexpr std::size_t kBlockWidth = 16;

// Ints per row: separations per depth pixel, parent and best per linking pixel, block minima.
std::size_t row_bytes(int width, int oversample) {
  const auto w = static_cast<std::size_t>(width);
  return sizeof(cl_int) * (w * (1 + 2 * static_cast<std::size_t>(oversample)) + (w + kBlockWidth - 1) / kBlockWidth);
}

std::size_t group_size_for(const cl::Kernel& kernel, const cl::Device& device) {
  const auto allowed = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  return std::max<std::size_t>(1, std::min(kTargetGroupSize, allowed));
}

}  // namespace

SymmetricStereogramKernel::SymmetricStereogramKernel(ProgramBuilder& builder, const SymmetricParams& params,
                                                     SymmetricRowMemory row_memory)
    : params_(params), plan_(make_symmetric_plan(params)), row_memory_(row_memory), context_(builder.context()) {
  const cl::Device& device = builder.device();
  const cl::Context& context = builder.context();
  const cl::Program local_program = builder.build(kKernelFile, build_options(plan_, false));
  const cl::Program global_program = builder.build(kKernelFile, build_options(plan_, true));
  local_kernel_ = cl::Kernel(local_program, "stereogram_symmetric");
  global_kernel_ = cl::Kernel(global_program, "stereogram_symmetric");
  local_group_size_ = group_size_for(local_kernel_, device);
  global_group_size_ = group_size_for(global_kernel_, device);
  const auto device_local = static_cast<std::size_t>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
  const auto kernel_local = static_cast<std::size_t>(local_kernel_.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device));
  local_bytes_available_ = device_local > kernel_local ? device_local - kernel_local : 0;
  separation_table_ = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 plan_.separations.size() * sizeof(cl_int), plan_.separations.data());
}

bool SymmetricStereogramKernel::runs_in_local_memory(int width) const {
  return row_memory_ != SymmetricRowMemory::global && row_bytes(width, plan_.oversample) <= local_bytes_available_;
}

cl::Event SymmetricStereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Image& depth,
                                             const cl::Image& coordinates, int width, int height,
                                             const std::vector<cl::Event>* wait) {
  if (width < 1 || height < 1)
    throw std::invalid_argument("stereogram size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be at least 1x1");
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  if (image_size(depth, CL_IMAGE_WIDTH) < w || image_size(depth, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("depth image is smaller than " + std::to_string(width) + "x" + std::to_string(height));
  if (image_size(coordinates, CL_IMAGE_WIDTH) < w || image_size(coordinates, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("coordinates image is smaller than " + std::to_string(width) + "x" +
                                std::to_string(height));
  for (cl::Kernel* kernel : {&local_kernel_, &global_kernel_}) {
    kernel->setArg(0, depth);
    kernel->setArg(1, coordinates);
    kernel->setArg(2, width);
    kernel->setArg(3, height);
    kernel->setArg(4, separation_table_);
  }
  if (!runs_in_local_memory(width)) {
    if (row_memory_ == SymmetricRowMemory::local)
      throw std::invalid_argument("a row " + std::to_string(width) + " wide does not fit this device's local memory");
    return enqueue_global(queue, width, height, wait);
  }
  local_kernel_.setArg(5, cl::Local(row_bytes(width, plan_.oversample)));
  cl::Event done;
  queue.enqueueNDRangeKernel(local_kernel_, cl::NullRange, cl::NDRange(h * local_group_size_),
                             cl::NDRange(local_group_size_), wait, &done);
  return done;
}

cl::Event SymmetricStereogramKernel::enqueue_global(cl::CommandQueue& queue, int width, int height,
                                                    const std::vector<cl::Event>* wait) {
  const std::size_t bytes_per_row = row_bytes(width, plan_.oversample);
  const std::size_t groups =
      std::clamp<std::size_t>(kScratchBudgetBytes / bytes_per_row, 1,
                              std::min<std::size_t>(kMaxGlobalGroups, static_cast<std::size_t>(height)));
  if (scratch_bytes_ < groups * bytes_per_row) {
    scratch_bytes_ = groups * bytes_per_row;
    scratch_ = cl::Buffer(context_, CL_MEM_READ_WRITE, scratch_bytes_);
  }
  global_kernel_.setArg(5, scratch_);
  cl::Event done;
  queue.enqueueNDRangeKernel(global_kernel_, cl::NullRange, cl::NDRange(groups * global_group_size_),
                             cl::NDRange(global_group_size_), wait, &done);
  return done;
}

}  // namespace stereocl
