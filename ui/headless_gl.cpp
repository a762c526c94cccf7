#include "ui/headless_gl.hpp"

#include <glad/gl.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <sstream>
#include <string_view>
#include <vector>

namespace stereocl {
namespace {

bool has_extension(const char* list, std::string_view name) {
  if (!list) return false;
  std::istringstream words{std::string(list)};
  for (std::string word; words >> word;)
    if (word == name) return true;
  return false;
}

struct Platform {
  EGLDisplay display;
  const char* name;
};

// The first EGL device: a driver with no surfaceless platform may still draw on a device.
EGLDisplay device_display(PFNEGLGETPLATFORMDISPLAYEXTPROC get_display) {
  auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  EGLDeviceEXT device = nullptr;
  EGLint count = 0;
  if (!query_devices || !query_devices(1, &device, &count) || count < 1) return EGL_NO_DISPLAY;
  return get_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
}

Result<Platform> headless_display() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!client || !get_display) return failure("EGL has no platform displays (EGL_EXT_platform_base)");
  std::vector<Platform> candidates;
  if (has_extension(client, "EGL_MESA_platform_surfaceless"))
    candidates.push_back({get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr), "surfaceless"});
  if (has_extension(client, "EGL_EXT_platform_device")) candidates.push_back({device_display(get_display), "device"});
  for (const Platform& platform : candidates)
    if (platform.display != EGL_NO_DISPLAY && eglInitialize(platform.display, nullptr, nullptr)) {
      if (has_extension(eglQueryString(platform.display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context"))
        return platform;
      eglTerminate(platform.display);
    }
  return failure(
      "EGL offers no display without a window system (EGL_MESA_platform_surfaceless or "
      "EGL_EXT_platform_device with EGL_KHR_surfaceless_context)");
}

// Any config that renders GL serves: the context draws only into framebuffer objects. A
// surfaceless display has no window configs (the default surface type), so pbuffer ones are asked
// for, or none at all where EGL_KHR_no_config_context allows.
EGLConfig any_gl_config(EGLDisplay display) {
  const EGLint config_wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (eglChooseConfig(display, config_wanted, &config, 1, &configs) && configs > 0) return config;
  return EGL_NO_CONFIG_KHR;
}

EGLContext core_context(EGLDisplay display) {
  const EGLConfig config = any_gl_config(display);
  if (config == EGL_NO_CONFIG_KHR &&
      !has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_no_config_context"))
    return EGL_NO_CONTEXT;
  for (const auto& [major, minor] : {std::pair{4, 3}, std::pair{3, 3}}) {
    const EGLint attributes[] = {
        EGL_CONTEXT_MAJOR_VERSION,           major,   EGL_CONTEXT_MINOR_VERSION, minor, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    if (EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes); context != EGL_NO_CONTEXT)
      return context;
  }
  return EGL_NO_CONTEXT;
}

GLADapiproc egl_address(const char* name) { return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name)); }

}  // namespace

Result<std::unique_ptr<HeadlessGl>> HeadlessGl::open() {
  const Result<Platform> platform = headless_display();
  if (!platform) return failure(platform.error());
  EGLDisplay display = platform->display;
  EGLContext context = eglBindAPI(EGL_OPENGL_API) ? core_context(display) : EGL_NO_CONTEXT;
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context) ||
      !gladLoadGL(egl_address)) {
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    eglTerminate(display);
    return failure("EGL " + std::string(platform->name) + " gave no GL 3.3 core context to draw with");
  }
  const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const std::string renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return std::unique_ptr<HeadlessGl>(
      new HeadlessGl(display, context, "EGL " + std::string(platform->name) + ", GL " + version + " on " + renderer));
}

HeadlessGl::HeadlessGl(void* display, void* context, std::string description)
    : display_(display), context_(context), description_(std::move(description)) {}

HeadlessGl::~HeadlessGl() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
}

}  // namespace stereocl
