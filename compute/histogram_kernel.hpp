#pragma once
// kernels/histogram.cl on a device: 256-bin histogram of a byte buffer, matching
// histogram_reference() in compute/histogram_cpu.hpp. Not thread-safe: the kernel's arguments
// are state.
#include <CL/opencl.hpp>

#include <cstddef>
#include <vector>

namespace stereocl {

class HistogramKernel {
 public:
  // Throws KernelBuildError if kernels/histogram.cl does not build for `device`.
  HistogramKernel(const cl::Context& context, const cl::Device& device);

  // Counts the first byte_count bytes of `data` (which must start 16-byte aligned, as any
  // cl::Buffer does) into bins (at least 256 cl_uint). Enqueues a fill that zeroes bins, then
  // the kernel; returns the kernel's event. The 1 KiB fill is not included in that event's
  // profiling times, but the queue orders it before the kernel.
  cl::Event enqueue(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                    const cl::Buffer& bins, const std::vector<cl::Event>& wait_for = {});

 private:
  cl::Kernel kernel_;
  int group_size_;
  int max_groups_;
};

}  // namespace stereocl
