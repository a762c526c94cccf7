#pragma once
// The OpenCL device the kernel tests run on: STEREOCL_CL_DEVICE (substring of platform or
// device name) if set, else a GPU if any, else the first device (PoCL in CI).
#include <CL/opencl.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace stereocl::testing {

struct ClTestDevice {
  cl::Context context;
  cl::Device device;
  cl::CommandQueue queue;
};

inline std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// nullopt when the machine has no OpenCL platform at all: tests then skip with that reason.
inline std::optional<ClTestDevice> open_cl_test_device() {
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error&) {
    return std::nullopt;
  }
  const char* wanted = std::getenv("STEREOCL_CL_DEVICE");
  std::optional<cl::Device> chosen;
  for (const auto& platform : platforms) {
    std::vector<cl::Device> devices;
    try {
      platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error&) {
      continue;
    }
    for (const auto& device : devices) {
      const auto name = lowercase(platform.getInfo<CL_PLATFORM_NAME>() + " " + device.getInfo<CL_DEVICE_NAME>());
      if (wanted) {
        if (name.find(lowercase(wanted)) != std::string::npos && !chosen) chosen = device;
      } else if (!chosen || (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU)) {
        if (!chosen || !(chosen->getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU)) chosen = device;
      }
    }
  }
  if (!chosen) return std::nullopt;
  cl::Context context(*chosen);
  cl::CommandQueue queue(context, *chosen, CL_QUEUE_PROFILING_ENABLE);
  return ClTestDevice{context, *chosen, queue};
}

}  // namespace stereocl::testing
