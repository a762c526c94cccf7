#pragma once
// The OpenCL device stereocl-bench measures, chosen once from --cl-device TEXT (a substring of
// the platform or device name, as in the app) or else a GPU, else the first device; and how
// every benchmark times one call (--per-call or not).
#include "../cl_test_device.hpp"

#include <functional>
#include <vector>

namespace stereocl::bench {
// Aborts the run with a message if there is no OpenCL device at all.
testing::ClTestDevice& device();

// false (default): the device's own time, from OpenCL event profiling: the first returned
// command's start to the last one's end. true (--per-call): wall-clock time per call as a user
// of the library sees it, from before the enqueue to after waiting for its events, so launch and
// completion overheads count, as they do in the peer numbers (../shared/gpu/peers.md).
void set_per_call_timing(bool per_call);
bool per_call_timing();
const char* timing_description();

// Runs `enqueue` (which enqueues one call's commands and returns their events, in order), waits
// for all of them and returns the seconds to report through benchmark::State::SetIterationTime.
double time_call(const std::function<std::vector<cl::Event>()>& enqueue);
}  // namespace stereocl::bench
