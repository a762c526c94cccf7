#pragma once
// Finding the OpenCL device to use and, where the driver allows, a context that shares the GL
// context's textures (cl_khr_gl_sharing). Never gates on the extension string: NVIDIA shares
// without listing it, so we try, and fall back with the reason when it fails.
#include "compute/cl/cl_program.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace stereocl {

struct ClEnvironment {
  cl::Platform platform;
  cl::Device device;
  cl::Context context;
  cl::CommandQueue queue;  // in order, with profiling: every stage time comes from its events
  ProgramBuilder programs;  // for this context and device
  bool shares_gl = false;  // the context was made with the GL context's properties
  bool gl_events = false;  // cl_khr_gl_event: GL->CL sync with a fence instead of glFinish
  std::string platform_name;
  std::string device_name;
};

struct ClSetup {
  std::optional<ClEnvironment> environment;  // nullopt: no OpenCL at all
  std::string no_opencl_reason;              // why environment is empty
  std::string no_sharing_reason;             // why environment->shares_gl is false
};

// `device_filter` (--cl-device): "P:D", platform P's device D as list_opencl_devices() numbers
// them, or a case-insensitive substring of "platform device"; empty = choose.
// `window`: the GLFW window whose context is current (nullptr: no sharing is attempted).
ClSetup open_opencl(GLFWwindow* window, const std::string& device_filter);

struct ClDeviceDescription {
  std::string index;  // "P:D", what --cl-device takes
  std::string name;
  std::string type;  // "gpu", "cpu", "accelerator", ...
  std::string version;
  std::string driver_version;
  unsigned compute_units = 0;
  unsigned long long local_memory_bytes = 0;
  std::size_t image2d_max_width = 0;
  std::size_t image2d_max_height = 0;
  bool shares_gl = false;  // drives the window's GL context, so GPU mode can share its textures
};

struct ClPlatformDescription {
  std::string name;
  std::string vendor;
  std::string version;
  std::vector<ClDeviceDescription> devices;
};

// Every platform and device in the order --cl-device numbers them; empty without a platform.
std::vector<ClPlatformDescription> list_opencl_devices(GLFWwindow* window);

// For --list-devices: one line per platform and device, or the same as JSON.
std::string describe_opencl_devices(const std::vector<ClPlatformDescription>& platforms);
std::string describe_opencl_devices_json(const std::vector<ClPlatformDescription>& platforms);

// Why `device_filter` picks no device ("--cl-device nvidia: matches no OpenCL device here:" and
// the list), or nullopt when it picks one or is empty.
std::optional<std::string> unmatched_device_filter(const std::string& device_filter,
                                                   const std::vector<ClPlatformDescription>& platforms);

}  // namespace stereocl
