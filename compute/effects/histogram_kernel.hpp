#pragma once
// kernels/histogram.cl on a device: 256-bin histogram of a byte buffer, matching
// histogram_reference() in compute/effects/histogram_cpu.hpp. Not thread-safe, and calls must be
// ordered on one in-order queue: the kernel's arguments and its work counter are state.
#include "compute/cl/cl_program.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <vector>

namespace stereocl {

class HistogramKernel {
 public:
  // Throws KernelBuildError if kernels/histogram.cl does not build for `device`.
  explicit HistogramKernel(ProgramBuilder& programs);

  // Counts the first byte_count bytes of `data` (which must start 16-byte aligned, as any
  // cl::Buffer does) into bins (at least 256 cl_uint). Enqueues fills that zero bins and the
  // kernel's work counter, then the kernel; returns the kernel's event. The fills (1 KiB and
  // 4 bytes) are not in that event's profiling times, but the queue orders them before it.
  cl::Event enqueue(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                    const cl::Buffer& bins, const std::vector<cl::Event>& wait_for = {});

 private:
  cl::Buffer next_chunk_;  // the next chunk of the input a work-group takes
  int group_size_;
  std::size_t max_groups_;
  cl::KernelFunctor<cl::Buffer, cl_ulong, cl::Buffer, cl::Buffer, cl_uint> kernel_;  // built with group_size_
};

}  // namespace stereocl
