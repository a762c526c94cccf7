#pragma once
// Finding the OpenCL device to use and, where the driver allows, a context that shares the GL
// context's textures (cl_khr_gl_sharing). Never gates on the extension string: NVIDIA shares
// without listing it, so we try, and fall back with the reason when it fails.
#include "compute/cl/cl_program.hpp"

#include <CL/opencl.hpp>

#include <optional>
#include <string>

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

// `device_filter`: a case-insensitive substring of "platform device"; empty = choose.
// `window`: the GLFW window whose context is current (nullptr: no sharing is attempted).
ClSetup open_opencl(GLFWwindow* window, const std::string& device_filter);

// One line per platform and device (name, version, compute units, local memory), marking the
// device that can share with the window's GL context; for --list-devices.
std::string describe_opencl_devices(GLFWwindow* window);

}  // namespace stereocl
