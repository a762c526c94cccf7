#include "compute/cl/cl_environment.hpp"

#include "compute/cl/cl_program.hpp"

#include <CL/cl_gl.h>

#if defined(_WIN32)
#define GLFW_EXPOSE_NATIVE_WIN32
#define GLFW_EXPOSE_NATIVE_WGL
#elif defined(__APPLE__)
#include <OpenGL/OpenGL.h>
#else
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_GLX
#endif
#include <GLFW/glfw3.h>
#include <GLFW/glfw3native.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace stereocl {
namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\0' || std::isspace(static_cast<unsigned char>(text.back())))) text.pop_back();
  return text;
}

// The context properties that tie a CL context to the window's GL context, per window system.
std::vector<cl_context_properties> gl_sharing_properties(GLFWwindow* window, const cl::Platform& platform) {
#if defined(_WIN32)
  return {CL_GL_CONTEXT_KHR, reinterpret_cast<cl_context_properties>(glfwGetWGLContext(window)),
          CL_WGL_HDC_KHR, reinterpret_cast<cl_context_properties>(GetDC(glfwGetWin32Window(window))),
          CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform()), 0};
#elif defined(__APPLE__)
  (void)window;
  (void)platform;
  return {CL_CONTEXT_PROPERTY_USE_CGL_SHAREGROUP_APPLE,
          reinterpret_cast<cl_context_properties>(CGLGetShareGroup(CGLGetCurrentContext())), 0};
#else
  return {CL_GL_CONTEXT_KHR, reinterpret_cast<cl_context_properties>(glfwGetGLXContext(window)),
          CL_GLX_DISPLAY_KHR, reinterpret_cast<cl_context_properties>(glfwGetX11Display()),
          CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform()), 0};
#endif
}

// The device of `platform` that drives the GL context, if the platform can tell.
std::optional<cl::Device> device_for_gl_context(const cl::Platform& platform, const std::vector<cl_context_properties>& properties,
                                                std::string& why_not) {
  using GetGlContextInfo = cl_int(CL_API_CALL*)(const cl_context_properties*, cl_gl_context_info, size_t, void*, size_t*);
  auto get_info = reinterpret_cast<GetGlContextInfo>(
      clGetExtensionFunctionAddressForPlatform(platform(), "clGetGLContextInfoKHR"));
  if (!get_info) {
    why_not = "the driver has no clGetGLContextInfoKHR";
    return std::nullopt;
  }
  cl_device_id device = nullptr;
  const cl_int status = get_info(properties.data(), CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR, sizeof(device), &device, nullptr);
  if (status != CL_SUCCESS) {
    why_not = "no device of it drives this GL context (clGetGLContextInfoKHR: " + cl_error_name(status) + ")";
    return std::nullopt;
  }
  if (!device) {
    why_not = "no device of it drives this GL context";
    return std::nullopt;
  }
  return cl::Device(device, true);
}

bool has_extension(const cl::Device& device, const std::string& name) {
  std::string extensions = " ";  // padded so a name matches whole, never as a prefix of another
  extensions += device.getInfo<CL_DEVICE_EXTENSIONS>();
  extensions += ' ';
  std::string word = " ";
  word += name;
  word += ' ';
  return extensions.find(word) != std::string::npos;
}

bool matches(const cl::Platform& platform, const cl::Device& device, const std::string& filter) {
  if (filter.empty()) return true;
  const std::string name = lowercase(platform.getInfo<CL_PLATFORM_NAME>() + " " + device.getInfo<CL_DEVICE_NAME>());
  return name.find(lowercase(filter)) != std::string::npos;
}

ClEnvironment make_environment(const cl::Platform& platform, const cl::Device& device, cl::Context context, bool shares) {
  ClEnvironment environment;
  environment.platform = platform;
  environment.device = device;
  environment.context = std::move(context);
  environment.queue = cl::CommandQueue(environment.context, device, CL_QUEUE_PROFILING_ENABLE);
  environment.programs = ProgramBuilder(environment.context, device);
  environment.shares_gl = shares;
  environment.gl_events = shares && has_extension(device, "cl_khr_gl_event");
  environment.platform_name = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
  environment.device_name = trimmed(device.getInfo<CL_DEVICE_NAME>());
  return environment;
}

std::vector<cl::Platform> platforms_or_empty() {
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error&) {
    platforms.clear();  // the ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when none is installed
  }
  return platforms;
}

std::vector<cl::Device> devices_or_empty(const cl::Platform& platform) {
  std::vector<cl::Device> devices;
  try {
    platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
  } catch (const cl::Error&) {
    devices.clear();
  }
  return devices;
}

}  // namespace

ClSetup open_opencl(GLFWwindow* window, const std::string& device_filter) {
  ClSetup setup;
  const std::vector<cl::Platform> platforms = platforms_or_empty();
  if (platforms.empty()) {
    setup.no_opencl_reason = "no OpenCL platform is installed (install a driver: your GPU vendor's, or pocl-opencl-icd)";
    setup.no_sharing_reason = setup.no_opencl_reason;
    return setup;
  }

  std::vector<std::string> sharing_failures;
  if (window) {
    for (const cl::Platform& platform : platforms) {
      const std::string platform_name = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
      const auto properties = gl_sharing_properties(window, platform);
      std::string why_not;
      const auto device = device_for_gl_context(platform, properties, why_not);
      if (device && !matches(platform, *device, device_filter)) why_not = "its GL device does not match --cl-device";
      if (device && why_not.empty()) {
        try {
          cl::Context context(*device, properties.data());
          setup.environment = make_environment(platform, *device, std::move(context), true);
          return setup;
        } catch (const cl::Error& error) {
          why_not = "creating a shared context failed: " + cl_error_name(error.err());
        }
      }
      sharing_failures.push_back(platform_name + ": " + why_not);
    }
  }
  setup.no_sharing_reason = window ? "no OpenCL device can share this GL context" : "no GL context to share";
  for (const auto& failure : sharing_failures) setup.no_sharing_reason += "; " + failure;

  // No sharing: the best device for the CPU-readback mode, a GPU before a CPU.
  std::optional<std::pair<cl::Platform, cl::Device>> best;
  for (const cl::Platform& platform : platforms)
    for (const cl::Device& device : devices_or_empty(platform)) {
      if (!matches(platform, device, device_filter)) continue;
      const bool gpu = device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU;
      if (!best || (gpu && !(best->second.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU))) best.emplace(platform, device);
    }
  if (!best) {
    setup.no_opencl_reason = device_filter.empty()
                                 ? "the OpenCL platforms have no devices"
                                 : "no OpenCL device matches --cl-device '" + device_filter + "' (see --list-devices)";
    return setup;
  }
  try {
    cl::Context context(best->second);
    setup.environment = make_environment(best->first, best->second, std::move(context), false);
  } catch (const cl::Error& error) {
    setup.no_opencl_reason = "creating an OpenCL context failed: " + cl_error_name(error.err());
  }
  return setup;
}

std::string describe_opencl_devices(GLFWwindow* window) {
  std::ostringstream out;
  const std::vector<cl::Platform> platforms = platforms_or_empty();
  if (platforms.empty()) return "no OpenCL platform is installed\n";
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const cl::Platform& platform = platforms[p];
    out << "platform " << p << ": " << trimmed(platform.getInfo<CL_PLATFORM_NAME>()) << " ("
        << trimmed(platform.getInfo<CL_PLATFORM_VERSION>()) << ")\n";
    std::optional<cl::Device> gl_device;
    if (window) {
      std::string ignored;
      gl_device = device_for_gl_context(platform, gl_sharing_properties(window, platform), ignored);
    }
    const auto devices = devices_or_empty(platform);
    for (std::size_t d = 0; d < devices.size(); ++d) {
      const cl::Device& device = devices[d];
      out << "  device " << d << ": " << trimmed(device.getInfo<CL_DEVICE_NAME>()) << " | "
          << trimmed(device.getInfo<CL_DEVICE_VERSION>()) << " | " << device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()
          << " compute units | " << device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() / 1024 << " KiB local memory";
      if (gl_device && (*gl_device)() == device()) out << " | shares with this GL context";
      out << '\n';
    }
  }
  return out.str();
}

}  // namespace stereocl
