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

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <string_view>
#include <utility>
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

std::string platform_name_of(const cl::Platform& platform) { return trimmed(platform.getInfo<CL_PLATFORM_NAME>()); }
std::string device_name_of(const cl::Device& device) { return trimmed(device.getInfo<CL_DEVICE_NAME>()); }

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

// --cl-device's "P:D", or nullopt where the filter is (part of) a name.
std::optional<std::pair<std::size_t, std::size_t>> device_index(std::string_view filter) {
  const auto colon = filter.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto whole_number = [](std::string_view digits, std::size_t& value) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return !digits.empty() && error == std::errc() && end == digits.data() + digits.size();
  };
  std::size_t platform = 0, device = 0;
  if (!whole_number(filter.substr(0, colon), platform) || !whole_number(filter.substr(colon + 1), device)) return std::nullopt;
  return std::pair{platform, device};
}

bool matches(const std::string& filter, std::size_t platform_index, std::size_t device_index_in_platform,
             const std::string& platform_name, const std::string& device_name) {
  if (filter.empty()) return true;
  if (const auto index = device_index(filter)) return *index == std::pair{platform_index, device_index_in_platform};
  return lowercase(platform_name + " " + device_name).find(lowercase(filter)) != std::string::npos;
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
  environment.platform_name = platform_name_of(platform);
  environment.device_name = device_name_of(device);
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

// Where `device` sits in its platform's list: its number in "P:D".
std::size_t index_in(const std::vector<cl::Device>& devices, const cl::Device& device) {
  for (std::size_t d = 0; d < devices.size(); ++d)
    if (devices[d]() == device()) return d;
  return devices.size();
}

std::string device_type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "gpu";
  if (type & CL_DEVICE_TYPE_CPU) return "cpu";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  if (type & CL_DEVICE_TYPE_CUSTOM) return "custom";
  return "other";
}

ClDeviceDescription describe_device(const cl::Device& device, std::string index, bool shares_gl) {
  ClDeviceDescription description;
  description.index = std::move(index);
  description.name = device_name_of(device);
  description.type = device_type_name(device.getInfo<CL_DEVICE_TYPE>());
  description.version = trimmed(device.getInfo<CL_DEVICE_VERSION>());
  description.driver_version = trimmed(device.getInfo<CL_DRIVER_VERSION>());
  description.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  description.local_memory_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  description.image2d_max_width = device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
  description.image2d_max_height = device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
  description.shares_gl = shares_gl;
  return description;
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
    for (std::size_t p = 0; p < platforms.size(); ++p) {
      const cl::Platform& platform = platforms[p];
      const std::string platform_name = platform_name_of(platform);
      const auto properties = gl_sharing_properties(window, platform);
      std::string why_not;
      const auto device = device_for_gl_context(platform, properties, why_not);
      if (device && !matches(device_filter, p, index_in(devices_or_empty(platform), *device), platform_name, device_name_of(*device)))
        why_not = "its GL device does not match --cl-device";
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
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const cl::Platform& platform = platforms[p];
    const auto devices = devices_or_empty(platform);
    for (std::size_t d = 0; d < devices.size(); ++d) {
      const cl::Device& device = devices[d];
      if (!matches(device_filter, p, d, platform_name_of(platform), device_name_of(device))) continue;
      const bool gpu = device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU;
      if (!best || (gpu && !(best->second.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU))) best.emplace(platform, device);
    }
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

std::vector<ClPlatformDescription> list_opencl_devices(GLFWwindow* window) {
  std::vector<ClPlatformDescription> descriptions;
  const std::vector<cl::Platform> platforms = platforms_or_empty();
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const cl::Platform& platform = platforms[p];
    ClPlatformDescription& description = descriptions.emplace_back();
    description.name = platform_name_of(platform);
    description.vendor = trimmed(platform.getInfo<CL_PLATFORM_VENDOR>());
    description.version = trimmed(platform.getInfo<CL_PLATFORM_VERSION>());
    std::optional<cl::Device> gl_device;
    if (window) {
      std::string ignored;
      gl_device = device_for_gl_context(platform, gl_sharing_properties(window, platform), ignored);
    }
    const auto devices = devices_or_empty(platform);
    for (std::size_t d = 0; d < devices.size(); ++d)
      description.devices.push_back(describe_device(devices[d], std::to_string(p) + ":" + std::to_string(d),
                                                    gl_device && (*gl_device)() == devices[d]()));
  }
  return descriptions;
}

std::string describe_opencl_devices(const std::vector<ClPlatformDescription>& platforms) {
  if (platforms.empty()) return "no OpenCL platform is installed\n";
  std::ostringstream out;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    out << "platform " << p << ": " << platforms[p].name << " (" << platforms[p].version << ")\n";
    for (const ClDeviceDescription& device : platforms[p].devices) {
      out << "  device " << device.index << ": " << device.name << " | " << device.type << " | " << device.version << " | "
          << device.compute_units << " compute units | " << device.local_memory_bytes / 1024 << " KiB local memory";
      if (device.shares_gl) out << " | shares with this GL context";
      out << '\n';
    }
  }
  return out.str();
}

std::string describe_opencl_devices_json(const std::vector<ClPlatformDescription>& platforms) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const ClPlatformDescription& platform : platforms) {
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (const ClDeviceDescription& device : platform.devices)
      devices.push_back({{"index", device.index},
                         {"name", device.name},
                         {"type", device.type},
                         {"version", device.version},
                         {"driver_version", device.driver_version},
                         {"compute_units", device.compute_units},
                         {"local_memory_bytes", device.local_memory_bytes},
                         {"image2d_max_width", device.image2d_max_width},
                         {"image2d_max_height", device.image2d_max_height},
                         {"shares_gl", device.shares_gl}});
    list.push_back({{"name", platform.name}, {"vendor", platform.vendor}, {"version", platform.version}, {"devices", devices}});
  }
  return nlohmann::ordered_json{{"platforms", list}}.dump(2) + "\n";
}

std::optional<std::string> unmatched_device_filter(const std::string& device_filter,
                                                   const std::vector<ClPlatformDescription>& platforms) {
  if (device_filter.empty()) return std::nullopt;
  for (std::size_t p = 0; p < platforms.size(); ++p)
    for (std::size_t d = 0; d < platforms[p].devices.size(); ++d)
      if (matches(device_filter, p, d, platforms[p].name, platforms[p].devices[d].name)) return std::nullopt;
  std::string list = describe_opencl_devices(platforms);
  list.pop_back();
  return "--cl-device " + device_filter + ": matches no OpenCL device; give P:D or part of a name from this list:\n" + list;
}

}  // namespace stereocl
