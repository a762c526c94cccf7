#pragma once
// The OpenCL device stereocl-bench measures, chosen once from --cl-device TEXT (a substring of
// the platform or device name, as in the app) or else a GPU, else the first device.
#include "../cl_test_device.hpp"

namespace stereocl::bench {
// Aborts the run with a message if there is no OpenCL device at all.
testing::ClTestDevice& device();

// Seconds between a profiled event's start and end, for benchmark::State::SetIterationTime.
double event_seconds(const cl::Event& event);
}  // namespace stereocl::bench
