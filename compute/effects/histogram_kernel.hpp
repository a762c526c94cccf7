#pragma once
// kernels/histogram.cl on a device: 256-bin histogram of a byte buffer, matching
// histogram_reference() in compute/effects/histogram_cpu.hpp. Not thread-safe, and calls must be
// ordered on one in-order queue: the kernel's arguments and its scratch are state.
#include "compute/cl/cl_program.hpp"
#include "compute/effects/histogram_cpu.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <vector>

namespace stereocl {

class HistogramKernel {
 public:
  // Throws KernelBuildError if kernels/histogram.cl does not build for `device`.
  explicit HistogramKernel(ProgramBuilder& programs);

  // Counts the first byte_count bytes of `data` (which must start 16-byte aligned, as any
  // cl::Buffer does) into bins (at least 256 cl_uint), whatever bins held before: one kernel
  // enqueue, no fills. Returns the kernel's event.
  cl::Event enqueue(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                    const cl::Buffer& bins, const std::vector<cl::Event>& wait_for = {});

  // As enqueue, then a non-blocking read of the bins into `counts`, which must outlive the
  // returned read event: the caller waits once, for that event.
  cl::Event enqueue_counts(const cl::CommandQueue& queue, const cl::Buffer& data, std::size_t byte_count,
                           const cl::Buffer& bins, Histogram256& counts, const std::vector<cl::Event>& wait_for = {});

  // For tuning sweeps (stereocl-bench passes STEREOCL_HISTOGRAM_CHUNK_LOADS): 16-byte loads per
  // work-item per chunk, instead of the choice from the input size; 0 goes back to that choice.
  void force_chunk_loads(std::size_t loads) { forced_chunk_loads_ = loads; }

 private:
  // The kernel's partial bins, chunk counter and finished-groups ticket: zero before every
  // launch, since each launch's last work-group zeroes what the launch used.
  cl::Buffer scratch_;
  std::size_t forced_chunk_loads_ = 0;
  int group_size_;
  std::size_t max_groups_;
  cl::KernelFunctor<cl::Buffer, cl_ulong, cl::Buffer, cl::Buffer, cl_uint> kernel_;  // built with group_size_
};

}  // namespace stereocl
