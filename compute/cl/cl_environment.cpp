#include "compute/cl/cl_environment.hpp"

#include "compute/cl/cl_program.hpp"

#include "compute/cl/cl_vendor_calls.hpp"

#include <CL/cl_gl.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

namespace stereocl {

const char* gl_api_name(GlShareHandles::Api api) {
  switch (api) {
    case GlShareHandles::Api::glx: return "GLX";
    case GlShareHandles::Api::egl: return "EGL";
    case GlShareHandles::Api::wgl: return "WGL";
    case GlShareHandles::Api::none: break;
  }
  return "no GL";
}

namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\0' || std::isspace(static_cast<unsigned char>(text.back())))) text.pop_back();
  return text;
}

// A driver may fail any query (a broken installation, a device that went away): the name then
// says so instead of stopping the program.
std::string platform_name_of(const cl::Platform& platform) {
  try {
    return trimmed(platform.getInfo<CL_PLATFORM_NAME>());
  } catch (const cl::Error& error) {
    return "an OpenCL platform (its name: " + cl_error_name(error.err()) + ")";
  }
}

std::string device_name_of(const cl::Device& device) {
  try {
    return trimmed(device.getInfo<CL_DEVICE_NAME>());
  } catch (const cl::Error& error) {
    return "an OpenCL device (its name: " + cl_error_name(error.err()) + ")";
  }
}

// The context properties that tie a CL context to the GL context, per window system API.
std::vector<cl_context_properties> gl_sharing_properties(const GlShareHandles& gl, const cl::Platform& platform) {
  cl_context_properties display_property = CL_GLX_DISPLAY_KHR;
  if (gl.api == GlShareHandles::Api::egl) display_property = CL_EGL_DISPLAY_KHR;
  if (gl.api == GlShareHandles::Api::wgl) display_property = CL_WGL_HDC_KHR;
  return {CL_GL_CONTEXT_KHR, reinterpret_cast<cl_context_properties>(gl.context),
          display_property, reinterpret_cast<cl_context_properties>(gl.display),
          CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(platform()), 0};
}

// The device of `platform` that drives the GL context, or why the platform cannot tell. Its
// driver's dispatch table is asked first: the loader's address for the call is no proof
// (cl_vendor_calls.hpp).
Result<cl::Device> device_for_gl_context(const cl::Platform& platform,
                                         const std::vector<cl_context_properties>& properties) {
  if (Status calls = has_gl_sharing_calls(platform); !calls) return failure(calls.error());
  using GetGlContextInfo = cl_int(CL_API_CALL*)(const cl_context_properties*, cl_gl_context_info, size_t, void*, size_t*);
  auto get_info = reinterpret_cast<GetGlContextInfo>(
      clGetExtensionFunctionAddressForPlatform(platform(), "clGetGLContextInfoKHR"));
  if (!get_info) return failure("the loader has no clGetGLContextInfoKHR");
  cl_device_id device = nullptr;
  // The answer is a cl_device_id, itself a pointer: its size is what the call wants.
  // NOLINTNEXTLINE(bugprone-sizeof-expression)
  const cl_int status = get_info(properties.data(), CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR, sizeof(device), &device, nullptr);
  if (status != CL_SUCCESS)
    return failure("no device of it drives this GL context (clGetGLContextInfoKHR: " + cl_error_name(status) + ")");
  if (!device) return failure("no device of it drives this GL context");
  return cl::Device(device, true);
}

bool has_extension(const cl::Device& device, const std::string& name) {
  try {
    return lists_extension(device.getInfo<CL_DEVICE_EXTENSIONS>(), name);
  } catch (const cl::Error&) {
    return false;
  }
}

bool is_gpu(const cl::Device& device) {
  try {
    return (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU) != 0;
  } catch (const cl::Error&) {
    return false;
  }
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
  environment.gl_events = shares && has_extension(device, "cl_khr_gl_event") && has_gl_event_call(platform);
  environment.platform_name = platform_name_of(platform);
  environment.device_name = device_name_of(device);
  return environment;
}

// Why a platform may list no devices, where the cause is known to be outside the driver: PoCL
// lists none when it cannot create its kernel cache, which looked like "no OpenCL here".
std::string empty_platform_hint(const std::string& platform_name) {
  if (platform_name == "rusticl") return " (rusticl shows the drivers RUSTICL_ENABLE names, e.g. RUSTICL_ENABLE=llvmpipe)";
  if (platform_name.find("Portable Computing Language") != std::string::npos)
    return " (PoCL lists none where it cannot create its kernel cache: make POCL_CACHE_DIR, or else $XDG_CACHE_HOME or "
           "~/.cache, a writable folder)";
  return "";
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

// The hint of the first empty platform that has one: PoCL's cache above all, as PoCL is the
// OpenCL every machine here has.
std::string empty_platforms_hint(const std::vector<cl::Platform>& platforms) {
  std::string hint;
  for (const cl::Platform& platform : platforms) {
    const std::string name = platform_name_of(platform);
    if (name.find("Portable Computing Language") != std::string::npos) return empty_platform_hint(name);
    if (hint.empty()) hint = empty_platform_hint(name);
  }
  return hint;
}

// A platform without devices is no error (Clover on a machine without an AMD GPU, rusticl until
// RUSTICL_ENABLE names a driver): its list is empty. Any other failure is.
Result<std::vector<cl::Device>> devices_of(const cl::Platform& platform) {
  std::vector<cl::Device> devices;
  try {
    platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
  } catch (const cl::Error& error) {
    if (error.err() != CL_DEVICE_NOT_FOUND) return failure("listing its devices failed: " + cl_error_name(error.err()));
    devices.clear();
  }
  return devices;
}

std::vector<cl::Device> devices_or_empty(const cl::Platform& platform) {
  Result<std::vector<cl::Device>> devices = devices_of(platform);
  return devices ? std::move(*devices) : std::vector<cl::Device>{};
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
  description.shares_gl = shares_gl;
  try {
    description.type = device_type_name(device.getInfo<CL_DEVICE_TYPE>());
    description.version = trimmed(device.getInfo<CL_DEVICE_VERSION>());
    description.driver_version = trimmed(device.getInfo<CL_DRIVER_VERSION>());
    description.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    description.local_memory_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    description.image2d_max_width = device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    description.image2d_max_height = device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
  } catch (const cl::Error& error) {
    description.error = std::string("a query failed: ") + error.what() + " " + cl_error_name(error.err());
  }
  return description;
}

std::string joined(const std::vector<std::string>& clauses) {
  std::string text;
  for (const std::string& clause : clauses) text += (text.empty() ? "" : "; ") + clause;
  return text;
}

// The device driving the GL context on the first platform that has one and shares with it.
// Every platform passed over adds its reason to `failures`.
std::optional<ClEnvironment> open_shared(const std::vector<cl::Platform>& platforms, const GlShareHandles& gl,
                                         const std::string& device_filter, std::vector<std::string>& failures) {
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const cl::Platform& platform = platforms[p];
    const std::string platform_name = platform_name_of(platform);
    const auto properties = gl_sharing_properties(gl, platform);
    const Result<cl::Device> device = device_for_gl_context(platform, properties);
    std::string why_not = device ? "" : device.error();
    if (device && !matches(device_filter, p, index_in(devices_or_empty(platform), *device), platform_name, device_name_of(*device)))
      why_not = "its GL device does not match --cl-device";
    if (device && why_not.empty()) {
      try {
        return make_environment(platform, *device, cl::Context(*device, properties.data()), true);
      } catch (const cl::Error& error) {
        why_not = "creating a context shared with " + std::string(gl_api_name(gl.api)) + " failed: " + cl_error_name(error.err());
      }
    }
    failures.push_back(platform_name + ": " + why_not);
  }
  return std::nullopt;
}

// The devices --cl-device allows, GPUs first, each platform's in its own order; a platform whose
// devices cannot be listed goes into `passed_over`.
std::vector<std::pair<cl::Platform, cl::Device>> candidates(const std::vector<cl::Platform>& platforms,
                                                            const std::string& device_filter,
                                                            std::vector<std::string>& passed_over) {
  std::vector<std::pair<cl::Platform, cl::Device>> gpus, others;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const Result<std::vector<cl::Device>> devices = devices_of(platforms[p]);
    const std::string platform_name = platform_name_of(platforms[p]);
    // A platform without devices is no failure (--list-devices says so); one that fails is.
    if (!devices) {
      passed_over.push_back(platform_name + ": " + devices.error());
      continue;
    }
    for (std::size_t d = 0; d < devices->size(); ++d) {
      const cl::Device& device = (*devices)[d];
      if (!matches(device_filter, p, d, platform_name, device_name_of(device))) continue;
      (is_gpu(device) ? gpus : others).emplace_back(platforms[p], device);
    }
  }
  gpus.insert(gpus.end(), others.begin(), others.end());
  return gpus;
}

// A context and profiling queue on `device`, without sharing. Throws cl::Error.
ClEnvironment open_device(const cl::Platform& platform, const cl::Device& device) {
  return make_environment(platform, device, cl::Context(device), false);
}

}  // namespace

ClSetup open_opencl(const GlShareHandles& gl, const std::string& device_filter) {
  ClSetup setup;
  const std::vector<cl::Platform> platforms = platforms_or_empty();
  if (platforms.empty()) {
    setup.no_opencl_reason = "no OpenCL platform is installed (install a driver: your GPU vendor's, or pocl-opencl-icd)";
    setup.no_sharing_reason = setup.no_opencl_reason;
    return setup;
  }

  std::vector<std::string> passed_over;
  if (gl.present()) {
    std::vector<std::string> sharing_failures;
    setup.environment = open_shared(platforms, gl, device_filter, sharing_failures);
    // Platforms that do not drive this GL context are no failure once one does.
    if (setup.environment) return setup;
    setup.no_sharing_reason = "no OpenCL device can share this " + std::string(gl_api_name(gl.api)) + " context; " +
                              joined(sharing_failures);
  } else {
    setup.no_sharing_reason = "no GL context to share";
  }

  // No sharing: the first device that opens, a GPU before a CPU.
  for (const auto& [platform, device] : candidates(platforms, device_filter, passed_over)) {
    try {
      setup.environment = open_device(platform, device);
      break;
    } catch (const cl::Error& error) {
      passed_over.push_back(platform_name_of(platform) + " " + device_name_of(device) +
                            ": creating a context failed: " + cl_error_name(error.err()));
    }
  }
  setup.skipped = joined(passed_over);
  if (!setup.environment)
    setup.no_opencl_reason = !device_filter.empty() ? "no OpenCL device matches --cl-device '" + device_filter + "' (see --list-devices)"
                             : passed_over.empty()  ? "the OpenCL platforms have no devices" + empty_platforms_hint(platforms)
                                                    : "no OpenCL device opens: " + setup.skipped;
  return setup;
}

std::vector<ClPlatformDescription> list_opencl_devices(const GlShareHandles& gl) {
  std::vector<ClPlatformDescription> descriptions;
  const std::vector<cl::Platform> platforms = platforms_or_empty();
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const cl::Platform& platform = platforms[p];
    ClPlatformDescription& description = descriptions.emplace_back();
    description.name = platform_name_of(platform);
    try {
      description.vendor = trimmed(platform.getInfo<CL_PLATFORM_VENDOR>());
      description.version = trimmed(platform.getInfo<CL_PLATFORM_VERSION>());
    } catch (const cl::Error& error) {
      description.error = "a query failed: " + cl_error_name(error.err());
    }
    std::optional<cl::Device> gl_device;
    if (gl.present())
      if (Result<cl::Device> device = device_for_gl_context(platform, gl_sharing_properties(gl, platform)))
        gl_device = *device;
    const Result<std::vector<cl::Device>> devices = devices_of(platform);
    if (!devices) description.error = devices.error();
    const std::vector<cl::Device>& listed = devices ? *devices : std::vector<cl::Device>{};
    for (std::size_t d = 0; d < listed.size(); ++d)
      description.devices.push_back(describe_device(listed[d], std::to_string(p) + ":" + std::to_string(d),
                                                    gl_device && (*gl_device)() == listed[d]()));
  }
  return descriptions;
}

namespace {

// What a platform without devices can be told: rusticl lists a device only for the Gallium
// drivers RUSTICL_ENABLE names, so a newcomer with llvmpipe sees an empty platform otherwise.
std::string no_devices_note(const ClPlatformDescription& platform) {
  if (!platform.error.empty()) return platform.error;
  return "no devices" + empty_platform_hint(platform.name);
}

}  // namespace

std::string describe_opencl_devices(const std::vector<ClPlatformDescription>& platforms) {
  if (platforms.empty()) return "no OpenCL platform is installed\n";
  std::ostringstream out;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    out << "platform " << p << ": " << platforms[p].name << " (" << platforms[p].version << ")\n";
    if (platforms[p].devices.empty()) out << "  " << no_devices_note(platforms[p]) << '\n';
    for (const ClDeviceDescription& device : platforms[p].devices) {
      out << "  device " << device.index << ": " << device.name;
      if (device.error.empty())
        out << " | " << device.type << " | " << device.version << " | " << device.compute_units << " compute units | "
            << device.local_memory_bytes / 1024 << " KiB local memory";
      else
        out << " | " << device.error;
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
    for (const ClDeviceDescription& device : platform.devices) {
      nlohmann::ordered_json entry = {{"index", device.index},
                                      {"name", device.name},
                                      {"type", device.type},
                                      {"version", device.version},
                                      {"driver_version", device.driver_version},
                                      {"compute_units", device.compute_units},
                                      {"local_memory_bytes", device.local_memory_bytes},
                                      {"image2d_max_width", device.image2d_max_width},
                                      {"image2d_max_height", device.image2d_max_height},
                                      {"shares_gl", device.shares_gl}};
      if (!device.error.empty()) entry["error"] = device.error;
      devices.push_back(std::move(entry));
    }
    nlohmann::ordered_json entry = {
        {"name", platform.name}, {"vendor", platform.vendor}, {"version", platform.version}, {"devices", devices}};
    if (platform.devices.empty()) entry["note"] = no_devices_note(platform);
    if (!platform.error.empty()) entry["error"] = platform.error;
    list.push_back(std::move(entry));
  }
  return nlohmann::ordered_json{{"platforms", list}}.dump(2) + "\n";
}

Status device_filter_matches(const std::string& device_filter, const std::vector<ClPlatformDescription>& platforms) {
  if (device_filter.empty()) return {};
  for (std::size_t p = 0; p < platforms.size(); ++p)
    for (std::size_t d = 0; d < platforms[p].devices.size(); ++d)
      if (matches(device_filter, p, d, platforms[p].name, platforms[p].devices[d].name)) return {};
  std::string list = describe_opencl_devices(platforms);
  list.pop_back();
  return failure("cl_device " + device_filter +
                 ": matches no OpenCL device; give P:D or part of a name from this list:\n" + list);
}

}  // namespace stereocl
