#pragma once
// Device time of enqueued work, from OpenCL event profiling (the queue must profile).
#include <CL/opencl.hpp>

#include <algorithm>
#include <vector>

namespace stereocl {

// Milliseconds from the first command's start to the last one's end; waits for them.
inline double profiled_span_ms(const std::vector<cl::Event>& events) {
  if (events.empty()) return 0.0;
  cl_ulong first = ~cl_ulong{0}, last = 0;
  for (const cl::Event& event : events) {
    event.wait();
    first = std::min(first, event.getProfilingInfo<CL_PROFILING_COMMAND_START>());
    last = std::max(last, event.getProfilingInfo<CL_PROFILING_COMMAND_END>());
  }
  return last > first ? static_cast<double>(last - first) * 1e-6 : 0.0;
}

}  // namespace stereocl
