#include "compute/stereogram/symmetric_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace stereocl {

namespace {

constexpr const char* kKernelFile = "stereogram_symmetric.cl";
// Enough lanes to cover a 1080p row in a handful of steps, few enough that a large GPU keeps
// several rows per compute unit.
constexpr std::size_t kTargetGroupSize = 256;
// The global variant runs this many rows at once at most; its scratch is that many rows.
constexpr std::size_t kMaxGlobalGroups = 1024;
constexpr std::size_t kScratchBudgetBytes = std::size_t{256} << 20;

// Only the oversampling is compiled in (the kernel's header says why); the geometry P and M
// decide is passed as arguments.
std::string build_options(int oversample, bool rows_in_global, StereogramStorage storage, bool loop_budget) {
  return "-D OVERSAMPLE=" + std::to_string(oversample) + " -D SEPARATION_LEVELS=" + std::to_string(kSeparationLevels) +
         " -D SEPARATION_FRACTION_BITS=" + std::to_string(kSeparationFractionBits) +
         (rows_in_global ? " -D ROW_SPACE=__global -D ROW_IN_GLOBAL=1" : " -D ROW_SPACE=__local") +
         (storage == StereogramStorage::buffers ? " -D STEREOGRAM_BUFFERS" : "") +
         (loop_budget ? " -D LOOP_BUDGET_FLAG" : "");
}

// Mesa's llvmpipe (gallivm) ends every loop of a SIMD vector of work-items once the vector has run
// 65535 loop iterations in a work-group, all its loops together (LP_MAX_TGSI_LOOP_ITERATIONS),
// and says nothing: there the kernel reports it (LOOP_BUDGET_FLAG) and enqueue refuses the picture.
bool loops_have_a_budget(const cl::Device& device) {
  return device.getInfo<CL_DEVICE_NAME>().find("llvmpipe") != std::string::npos;
}

// The kernel's row scratch and llvmpipe's loop-budget flag come after its twelve parameters.
constexpr cl_uint kMemoryArgument = 12;
constexpr cl_uint kLoopBudgetArgument = 13;

// The kernel's BLOCK_WIDTH: depth pixels per entry of its block minimum of separations.
constexpr std::size_t kBlockWidth = 16;

// The kernel's row_ints(): a 64-bit phase link per linking pixel, a 16-bit separation per depth
// pixel, block minima.
std::size_t row_bytes(int width, int oversample) {
  const auto w = static_cast<std::size_t>(width);
  return sizeof(cl_int) *
         (2 * w * static_cast<std::size_t>(oversample) + (w + 1) / 2 + (w + kBlockWidth - 1) / kBlockWidth);
}

// A global scratch slice per work-group, rounded so that every slice's 64-bit links stay aligned.
std::size_t global_row_bytes(int width, int oversample) {
  constexpr std::size_t align = sizeof(cl_long);
  return (row_bytes(width, oversample) + align - 1) / align * align;
}

std::size_t group_size_for(const cl::Kernel& kernel, const cl::Device& device, std::size_t wanted) {
  const auto allowed = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  return std::max<std::size_t>(1, std::min(wanted, allowed));
}

}  // namespace

SymmetricStereogramKernel::SymmetricStereogramKernel(ProgramBuilder& builder, const SymmetricParams& params,
                                                     SymmetricRowMemory row_memory, StereogramStorage storage)
    : params_(params),
      plan_(make_symmetric_plan(params)),
      row_memory_(row_memory),
      storage_(storage),
      context_(builder.context()) {
  const cl::Device& device = builder.device();
  const bool loop_budget = loops_have_a_budget(device);
  const cl::Program local_program =
      builder.build(kKernelFile, build_options(plan_.oversample, false, storage, loop_budget));
  const cl::Program global_program =
      builder.build(kKernelFile, build_options(plan_.oversample, true, storage, loop_budget));
  local_kernel_ = cl::Kernel(local_program, "stereogram_symmetric");
  global_kernel_ = cl::Kernel(global_program, "stereogram_symmetric");
  device_ = device;
  force_group_size(0);
  const auto device_local = static_cast<std::size_t>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
  const auto kernel_local = static_cast<std::size_t>(local_kernel_.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device));
  local_bytes_available_ = device_local > kernel_local ? device_local - kernel_local : 0;
  upload_separations();
  if (loop_budget) {
    cl_int cut = 0;
    loop_budget_cut_ = cl::Buffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof cut, &cut);
    for (cl::Kernel* kernel : {&local_kernel_, &global_kernel_}) kernel->setArg(kLoopBudgetArgument, loop_budget_cut_);
  }
}

void SymmetricStereogramKernel::use(const SymmetricParams& params) {
  if (params == params_) return;
  if (params.oversample != params_.oversample)
    throw std::invalid_argument("oversample " + std::to_string(params.oversample) + ": this kernel was built for " +
                                std::to_string(params_.oversample));
  plan_ = make_symmetric_plan(params);
  params_ = params;
  upload_separations();
}

// A new buffer rather than a write into the old one: launches still queued keep the table they
// were given, and no queue is needed here.
void SymmetricStereogramKernel::upload_separations() {
  separation_table_ = cl::Buffer(context_, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 plan_.separations.size() * sizeof(cl_int), plan_.separations.data());
}

void SymmetricStereogramKernel::force_group_size(std::size_t lanes) {
  const std::size_t wanted = lanes > 0 ? lanes : kTargetGroupSize;
  local_group_size_ = group_size_for(local_kernel_, device_, wanted);
  global_group_size_ = group_size_for(global_kernel_, device_, wanted);
}

bool SymmetricStereogramKernel::runs_in_local_memory(int width) const {
  return row_memory_ != SymmetricRowMemory::global && row_bytes(width, plan_.oversample) <= local_bytes_available_;
}

void SymmetricStereogramKernel::check_call(int width, int height, StereogramStorage storage) const {
  if (storage != storage_)
    throw std::invalid_argument(storage_ == StereogramStorage::buffers ? "this symmetric stereogram kernel takes buffers"
                                                                       : "this symmetric stereogram kernel takes images");
  if (width < 1 || height < 1)
    throw std::invalid_argument("stereogram size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be at least 1x1");
}

cl::Event SymmetricStereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Image& depth,
                                             const cl::Image& coordinates, int width, int height,
                                             const std::vector<cl::Event>* wait) {
  check_call(width, height, StereogramStorage::images);
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  if (image_size(depth, CL_IMAGE_WIDTH) < w || image_size(depth, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("depth image is smaller than " + std::to_string(width) + "x" + std::to_string(height));
  if (image_size(coordinates, CL_IMAGE_WIDTH) < w || image_size(coordinates, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("coordinates image is smaller than " + std::to_string(width) + "x" +
                                std::to_string(height));
  return launch(queue, depth, coordinates, width, height, wait);
}

cl::Event SymmetricStereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Buffer& depth,
                                             const cl::Buffer& coordinates, int width, int height,
                                             const std::vector<cl::Event>* wait) {
  check_call(width, height, StereogramStorage::buffers);
  const std::size_t floats = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  for (const auto& [buffer, name] : {std::pair{&depth, "depth"}, std::pair{&coordinates, "coordinates"}})
    if (const std::size_t bytes = buffer->getInfo<CL_MEM_SIZE>(); bytes < floats * sizeof(float))
      throw std::invalid_argument(std::string(name) + " buffer of " + std::to_string(bytes / sizeof(float)) +
                                  " floats is too small: " + std::to_string(width) + "x" + std::to_string(height) +
                                  " needs " + std::to_string(floats));
  return launch(queue, depth, coordinates, width, height, wait);
}

cl::Event SymmetricStereogramKernel::launch(cl::CommandQueue& queue, const cl::Memory& depth,
                                            const cl::Memory& coordinates, int width, int height,
                                            const std::vector<cl::Event>* wait) {
  const auto h = static_cast<std::size_t>(height);
  for (cl::Kernel* kernel : {&local_kernel_, &global_kernel_}) {
    kernel->setArg(0, depth);
    kernel->setArg(1, coordinates);
    kernel->setArg(2, width);
    kernel->setArg(3, height);
    kernel->setArg(4, separation_table_);
    kernel->setArg(5, plan_.eye_separation);
    kernel->setArg(6, plan_.nearest_separation);
    kernel->setArg(7, plan_.pattern_columns);
    kernel->setArg(8, plan_.inverse_pattern_columns);
    kernel->setArg(9, static_cast<int>(plan_.group_colour));
    kernel->setArg(10, plan_.dot_rows);
    kernel->setArg(11, plan_.dot_columns);
  }
  cl::Event done;
  if (!runs_in_local_memory(width)) {
    if (row_memory_ == SymmetricRowMemory::local)
      throw std::invalid_argument("a row " + std::to_string(width) + " wide does not fit this device's local memory");
    done = enqueue_global(queue, width, height, wait);
  } else {
    local_kernel_.setArg(kMemoryArgument, cl::Local(row_bytes(width, plan_.oversample)));
    queue.enqueueNDRangeKernel(local_kernel_, cl::NullRange, cl::NDRange(h * local_group_size_),
                               cl::NDRange(local_group_size_), wait, &done);
  }
  if (loop_budget_cut_()) check_loop_budget(queue, done, width);
  return done;
}

// The flag stays 0 until a launch runs out, so it is read after every launch and written only
// to clear it again.
void SymmetricStereogramKernel::check_loop_budget(cl::CommandQueue& queue, const cl::Event& done, int width) const {
  cl_int cut = 0;
  const std::vector<cl::Event> after_kernel{done};
  queue.enqueueReadBuffer(loop_budget_cut_, CL_TRUE, 0, sizeof cut, &cut, &after_kernel);
  if (!cut) return;
  cut = 0;
  queue.enqueueWriteBuffer(loop_budget_cut_, CL_TRUE, 0, sizeof cut, &cut);
  throw LoopBudgetExceeded(
      "llvmpipe cut the symmetric stereogram kernel's loops short (it allows 65535 loop iterations per 8 work-items "
      "of a work-group), so its picture of rows " + std::to_string(width) + " wide at oversample " +
      std::to_string(plan_.oversample) + " would be wrong for this depth: use narrower pictures, less oversampling "
      "or another OpenCL device");
}

cl::Event SymmetricStereogramKernel::enqueue_global(cl::CommandQueue& queue, int width, int height,
                                                    const std::vector<cl::Event>* wait) {
  const std::size_t bytes_per_row = global_row_bytes(width, plan_.oversample);
  const std::size_t groups =
      std::clamp<std::size_t>(kScratchBudgetBytes / bytes_per_row, 1,
                              std::min<std::size_t>(kMaxGlobalGroups, static_cast<std::size_t>(height)));
  if (scratch_bytes_ < groups * bytes_per_row) {
    scratch_bytes_ = groups * bytes_per_row;
    scratch_ = cl::Buffer(context_, CL_MEM_READ_WRITE, scratch_bytes_);
  }
  global_kernel_.setArg(kMemoryArgument, scratch_);
  cl::Event done;
  queue.enqueueNDRangeKernel(global_kernel_, cl::NullRange, cl::NDRange(groups * global_group_size_),
                             cl::NDRange(global_group_size_), wait, &done);
  return done;
}

}  // namespace stereocl
