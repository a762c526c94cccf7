#pragma once
// The OpenCL device the kernel tests and stereocl-bench run on, chosen exactly as the app chooses
// it without a GL context: STEREOCL_CL_DEVICE (a substring of platform or device name, like
// --cl-device) if set, else a GPU if any, else the first device (PoCL in CI).
#include "compute/cl/cl_environment.hpp"

#include <cstdlib>
#include <optional>

namespace stereocl::testing {

using ClTestDevice = ClEnvironment;  // context, device and a profiling queue

// nullopt when there is no OpenCL device at all: tests then skip with that reason.
inline std::optional<ClTestDevice> open_cl_test_device() {
  const char* wanted = std::getenv("STEREOCL_CL_DEVICE");
  return open_opencl({}, wanted ? wanted : "").environment;
}

}  // namespace stereocl::testing
