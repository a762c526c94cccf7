#pragma once
// Device time of enqueued work, from OpenCL event profiling (the queue must profile).
#include <CL/opencl.hpp>

#include <algorithm>
#include <deque>
#include <utility>
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

// Kernels whose device time is read once they are done, so that reading it never makes the CPU
// wait for the GPU unless more than `most` batches are pending: with frames in flight (--bench
// --frames-in-flight) the CPU stays frames ahead, where reading last frame's kernel at the start
// of this one would wait for it.
class DeferredProfiles {
 public:
  void add(std::vector<cl::Event> batch) { pending_.push_back(std::move(batch)); }
  // The spans (ms) of the batches done by now, oldest first; waits for the oldest while more than
  // `most` are pending. A batch that failed is read at once, so that its error is thrown here.
  std::vector<double> take_done(std::size_t most) {
    std::vector<double> spans;
    while (!pending_.empty() && (pending_.size() > most || done(pending_.front()))) {
      spans.push_back(profiled_span_ms(pending_.front()));
      pending_.pop_front();
    }
    return spans;
  }

 private:
  static bool done(const std::vector<cl::Event>& batch) {
    return std::all_of(batch.begin(), batch.end(), [](const cl::Event& event) {
      return event.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() <= CL_COMPLETE;  // complete, or failed
    });
  }
  std::deque<std::vector<cl::Event>> pending_;
};

}  // namespace stereocl
