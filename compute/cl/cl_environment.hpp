#pragma once
// Finding the OpenCL device to use and, where the driver allows, a context that shares the GL
// context's textures (cl_khr_gl_sharing). Never gates on the extension string (NVIDIA and ROCm
// share without listing it): a driver whose dispatch table has the sharing calls is tried, and
// one that fails is skipped with the reason. No platform or device can stop the program: a query
// that fails skips that platform or device, and says why.
#include "compute/cl/cl_program.hpp"
#include "compute/cl/gl_share_handles.hpp"
#include "core/result.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

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
  // What failed on the way to `environment`, one clause per platform or device ("Clover: listing
  // its devices failed: CL_OUT_OF_HOST_MEMORY"); empty if nothing did. A platform without devices
  // is no failure.
  std::string skipped;
};

// `device_filter` (--cl-device): "P:D", platform P's device D as list_opencl_devices() numbers
// them, or a case-insensitive substring of "platform device"; empty = choose.
// `gl`: the current GL context's handles (none: no sharing is attempted).
ClSetup open_opencl(const GlShareHandles& gl, const std::string& device_filter);

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
  std::string error;       // a query that failed: the fields after `index` may be empty
};

struct ClPlatformDescription {
  std::string name;
  std::string vendor;
  std::string version;
  std::vector<ClDeviceDescription> devices;
  std::string error;  // why its devices (or its own details) could not be listed; "" if they were
};

// Every platform and device in the order --cl-device numbers them; empty without a platform.
std::vector<ClPlatformDescription> list_opencl_devices(const GlShareHandles& gl);

// For --list-devices: one line per platform and device, or the same as JSON.
std::string describe_opencl_devices(const std::vector<ClPlatformDescription>& platforms);
std::string describe_opencl_devices_json(const std::vector<ClPlatformDescription>& platforms);

// Whether `device_filter` picks a device (an empty one picks any); if not, why ("--cl-device
// nvidia: matches no OpenCL device; give P:D or part of a name from this list:" and the list).
Status device_filter_matches(const std::string& device_filter, const std::vector<ClPlatformDescription>& platforms);

}  // namespace stereocl
