#include "compute/effects/histogram_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr std::size_t bin_count = 256;
constexpr std::size_t bytes_per_load = 16;  // one uint4 per work-item per load
// Work-groups launched per compute unit. They take chunks from a shared counter until none
// are left, so groups that are not resident at first only find less work; enough of them
// hide memory latency, and the per-group merge into global memory stays negligible.
constexpr std::size_t groups_per_compute_unit = 8;
// Loads per work-item per chunk, at most: 64 KiB chunks for 256 work-items amortise the
// counter's atomic and barriers; smaller inputs get smaller chunks to reach every group.
constexpr std::size_t max_chunk_loads = 16;
// At least: with 1 load per chunk a 1080p frame made 512 groups whose local zeroing and merging
// outweighed their 4 KiB of counting; the chunk-size sweep found 4 loads fastest, with larger
// chunks leaving groups idle (docs/performance.md, "Kernels against the peers per call").
constexpr std::size_t min_chunk_loads = 4;
// The kernel's partial bins, chunk counter and finished-groups ticket.
constexpr std::size_t scratch_words = bin_count + 2;

cl::Buffer zeroed_scratch(const cl::Context& context) {
  std::vector<cl_uint> zeros(scratch_words, 0);
  return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(cl_uint) * scratch_words, zeros.data());
}

}  // namespace

HistogramKernel::HistogramKernel(ProgramBuilder& programs)
    : scratch_(zeroed_scratch(programs.context())),
      group_size_(static_cast<int>(std::min<std::size_t>(256, programs.device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>()))),
      max_groups_(programs.device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() * groups_per_compute_unit),
      kernel_(programs.build("histogram.cl", "-D GROUP_SIZE=" + std::to_string(group_size_)), "histogram256") {}

cl::Event HistogramKernel::enqueue(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                                   const cl::Buffer& bins, const std::vector<cl::Event>& wait_for) {
  if (data.getInfo<CL_MEM_SIZE>() < byte_count)
    throw std::invalid_argument("histogram data buffer holds fewer than " + std::to_string(byte_count) + " bytes");
  if (bins.getInfo<CL_MEM_SIZE>() < bin_count * sizeof(cl_uint))
    throw std::invalid_argument("histogram bins buffer holds fewer than 256 cl_uint");

  const std::size_t group_size = static_cast<std::size_t>(group_size_);
  const std::size_t loads = byte_count / bytes_per_load;
  const std::size_t chunk_loads = forced_chunk_loads_ > 0 ? forced_chunk_loads_
                                  : std::clamp<std::size_t>(loads / (max_groups_ * group_size), min_chunk_loads, max_chunk_loads);
  const std::size_t chunks = (loads + chunk_loads * group_size - 1) / (chunk_loads * group_size);
  // At least one group, for the tail bytes of an input shorter than one load.
  const std::size_t groups = std::clamp<std::size_t>(chunks, 1, max_groups_);
  return kernel_(enqueue_args(queue, wait_for, cl::NDRange(groups * group_size), cl::NDRange(group_size)), data,
                 cl_ulong{byte_count}, bins, scratch_, static_cast<cl_uint>(chunk_loads));
}

cl::Event HistogramKernel::enqueue_counts(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                                          const cl::Buffer& bins, Histogram256& counts,
                                          const std::vector<cl::Event>& wait_for) {
  const std::vector<cl::Event> counted{enqueue(queue, data, byte_count, bins, wait_for)};
  cl::Event read;
  queue.enqueueReadBuffer(bins, CL_FALSE, 0, sizeof(counts), counts.data(), &counted, &read);
  return read;
}

}  // namespace stereocl
