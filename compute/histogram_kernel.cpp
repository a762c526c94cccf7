#include "compute/histogram_kernel.hpp"

#include "compute/cl_program.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr std::size_t bin_count = 256;
constexpr std::size_t bytes_per_load = 16;  // one uint4 per work-item per loop step
// Work-groups per compute unit: enough resident groups to hide memory latency (a group's
// 32 KiB of local copies lets several share one NVIDIA SM), few enough that the final per-group
// merge into global memory stays negligible.
constexpr int groups_per_compute_unit = 8;

}  // namespace

HistogramKernel::HistogramKernel(const cl::Context& context, const cl::Device& device)
    : group_size_(static_cast<int>(std::min<std::size_t>(256, device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>()))),
      max_groups_(static_cast<int>(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()) * groups_per_compute_unit) {
  const cl::Program program =
      build_program(context, device, "histogram.cl", "-D GROUP_SIZE=" + std::to_string(group_size_));
  kernel_ = cl::Kernel(program, "histogram256");
}

cl::Event HistogramKernel::enqueue(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                                   const cl::Buffer& bins, const std::vector<cl::Event>& wait_for) {
  if (data.getInfo<CL_MEM_SIZE>() < byte_count)
    throw std::invalid_argument("histogram data buffer holds fewer than " + std::to_string(byte_count) + " bytes");
  if (bins.getInfo<CL_MEM_SIZE>() < bin_count * sizeof(cl_uint))
    throw std::invalid_argument("histogram bins buffer holds fewer than 256 cl_uint");

  cl::Event zeroed;
  queue.enqueueFillBuffer(bins, cl_uint{0}, 0, bin_count * sizeof(cl_uint), wait_for.empty() ? nullptr : &wait_for,
                          &zeroed);
  kernel_.setArg(0, data);
  kernel_.setArg(1, cl_ulong{byte_count});
  kernel_.setArg(2, bins);
  // No more groups than there are 16-byte loads to give them, but at least one (for the tail).
  const std::size_t loads = byte_count / bytes_per_load;
  const std::size_t useful_groups = std::max<std::size_t>(1, (loads + group_size_ - 1) / group_size_);
  const std::size_t groups = std::min<std::size_t>(useful_groups, static_cast<std::size_t>(max_groups_));
  const std::vector<cl::Event> after_fill{zeroed};
  cl::Event done;
  queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(groups * group_size_), cl::NDRange(group_size_),
                             &after_fill, &done);
  return done;
}

}  // namespace stereocl
