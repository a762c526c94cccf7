#pragma once
// The OpenCL device the kernel tests and stereocl-bench run on, chosen exactly as the app chooses
// it without a GL context: STEREOCL_CL_DEVICE (a substring of platform or device name, like
// --cl-device) if set, else a GPU if any, else the first device (PoCL in CI).
#include "compute/cl/cl_environment.hpp"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace stereocl::testing {

using ClTestDevice = ClEnvironment;  // context, device and a profiling queue

struct ClTestDeviceName {
  std::string index;  // "P:D", what STEREOCL_CL_DEVICE and --cl-device take
  std::string name;   // platform and device
};

// Every device of every platform that answered its queries, in --list-devices order.
inline std::vector<ClTestDeviceName> every_cl_test_device() {
  std::vector<ClTestDeviceName> devices;
  for (const ClPlatformDescription& platform : list_opencl_devices({}))
    for (const ClDeviceDescription& device : platform.devices)
      if (device.error.empty()) devices.push_back({device.index, platform.name + " " + device.name});
  return devices;
}

// nullopt when there is no OpenCL device at all: tests then skip with that reason.
inline std::optional<ClTestDevice> open_cl_test_device() {
  const char* wanted = std::getenv("STEREOCL_CL_DEVICE");
  return open_opencl({}, wanted ? wanted : "").environment;
}

}  // namespace stereocl::testing
