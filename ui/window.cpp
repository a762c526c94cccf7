#include "ui/window.hpp"

#include "config/options.hpp"

#include <glad/gl.h>
// glad first: GLFW would otherwise include the system's gl.h, which glad refuses to follow.
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_GLX
#define GLFW_EXPOSE_NATIVE_EGL
#include <GLFW/glfw3native.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <thread>
#include <utility>

namespace stereocl {
namespace {

#ifdef STEREOCL_VULKAN
constexpr bool kExternalMemoryBuild = true;
#else
constexpr bool kExternalMemoryBuild = false;
#endif

std::string last_glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "no details from GLFW";
}

std::string monitor_list(GLFWmonitor** monitors, int count) {
  std::string list;
  for (int i = 0; i < count; ++i) list += (i ? ", " : "") + std::to_string(i) + ": " + glfwGetMonitorName(monitors[i]);
  return list.empty() ? "none" : list;
}

// --fullscreen MONITOR: a number as the list counts them, or part of a name ("HDMI").
GLFWmonitor* find_monitor(const std::string& which) {
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  if (which.empty()) {
    if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) return primary;
    throw InputError("--fullscreen: this display has no monitor to go fullscreen on");
  }
  int index = -1;
  const auto [end, error] = std::from_chars(which.data(), which.data() + which.size(), index);
  const bool numbered = error == std::errc() && end == which.data() + which.size();
  for (int i = 0; i < count; ++i)
    if (numbered ? i == index : std::string(glfwGetMonitorName(monitors[i])).find(which) != std::string::npos)
      return monitors[i];
  throw InputError("--fullscreen " + which + ": no such monitor (" + monitor_list(monitors, count) + ")");
}

// A window larger than the screen is partly off it: the picture must then be shrunk or cut.
void fit_to_work_area(GLFWmonitor* monitor, int& width, int& height) {
  if (!monitor) return;
  int x = 0, y = 0, area_width = 0, area_height = 0;
  glfwGetMonitorWorkarea(monitor, &x, &y, &area_width, &area_height);
  if (area_width > 0) width = std::min(width, area_width);
  if (area_height > 0) height = std::min(height, area_height);
}

// GLFW 3.4 (Debian 13) is built for Wayland and X11 and tries Wayland first, where libwayland
// prints a line of its own when there is no Wayland session. The contexts stereocl shares with
// OpenCL are GLX's (or EGL's on X11), as with Debian 12's GLFW 3.3, which has X11 alone; so X11 is
// asked for (XWayland on a Wayland desktop) unless Wayland is the only display named. With none
// named, X11's failure is GLFW's quiet error, which the caller words.
void prefer_x11() {
#ifdef GLFW_PLATFORM
  const bool wayland_only = std::getenv("WAYLAND_DISPLAY") && !std::getenv("DISPLAY");
  if (!wayland_only && glfwPlatformSupported(GLFW_PLATFORM_X11)) glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
#endif
}

// An X server under load (CI's Xvfb, serving tests in parallel) has refused a connection for a
// moment ("Failed to open display :99"); a display that is really missing fails every attempt,
// and with no DISPLAY at all there is nothing to wait for.
bool start_glfw() {
  constexpr int kAttempts = 5;
  prefer_x11();
  for (int attempt = 1;; ++attempt) {
    if (glfwInit()) return true;
    if (attempt == kAttempts || !std::getenv("DISPLAY")) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

void set_window_hints(const WindowSettings& settings) {
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#ifndef NDEBUG
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
  glfwWindowHint(GLFW_CONTEXT_CREATION_API,
                 settings.gl_api == GlShareHandles::Api::egl ? GLFW_EGL_CONTEXT_API : GLFW_NATIVE_CONTEXT_API);
  glfwWindowHint(GLFW_VISIBLE, settings.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
}

// The window with its context, fullscreen on `monitor` unless that is null. On failure GLFW is
// terminated, as no window is left to do it.
GLFWwindow* create_window(int width, int height, const std::string& title, GLFWmonitor* monitor) {
  // NVIDIA's GLX gives exactly the version asked for. GPU (external memory) mode needs 4.5 (storage
  // buffers, the memory-object calls), so a build that has the mode asks for 4.5 first; every other
  // mode needs 3.3, which is what a driver without 4.5 gets.
  constexpr std::pair<int, int> versions[] = {{4, 5}, {3, 3}};
  GLFWwindow* window = nullptr;
  for (std::size_t i = kExternalMemoryBuild ? 0 : 1; i < std::size(versions) && !window; ++i) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, versions[i].first);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, versions[i].second);
    window = glfwCreateWindow(width, height, title.c_str(), monitor, nullptr);
  }
  if (window) return window;
  const std::string why = last_glfw_error();
  glfwTerminate();
  throw std::runtime_error("cannot open an OpenGL 3.3 core window (" + why +
                           "); update the graphics driver, or run under `xvfb-run -a` with Mesa");
}

}  // namespace

Window::Window(const WindowSettings& settings) : title_(settings.title) {
  if (!start_glfw())
    throw std::runtime_error(
        "cannot start GLFW (" + last_glfw_error() +
        "); is there a display? Set DISPLAY, run under `xvfb-run -a`, or make a still with --output FILE.png");
  set_window_hints(settings);
  monitor_ = settings.fullscreen ? find_monitor(settings.monitor) : glfwGetPrimaryMonitor();
  const GLFWvidmode* video = monitor_ ? glfwGetVideoMode(monitor_) : nullptr;
  int width = settings.width, height = settings.height;
  fit_to_work_area(monitor_, width, height);
  fullscreen_ = settings.fullscreen && video;
  windowed_width_ = width;  // where F goes back to from a --fullscreen start
  windowed_height_ = height;
  if (fullscreen_) {
    width = video->width;
    height = video->height;
  }
  window_ = create_window(width, height, settings.title, fullscreen_ ? monitor_ : nullptr);
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw std::runtime_error("cannot load the OpenGL functions of this context");
  }
  set_vsync(settings.vsync);
}

Window::~Window() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

GlShareHandles Window::share_handles() const {
  if (glfwGetWindowAttrib(window_, GLFW_CONTEXT_CREATION_API) == GLFW_EGL_CONTEXT_API)
    return {GlShareHandles::Api::egl, glfwGetEGLDisplay(), glfwGetEGLContext(window_)};
  return {GlShareHandles::Api::glx, glfwGetX11Display(), reinterpret_cast<void*>(glfwGetGLXContext(window_))};
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::swap_buffers() { glfwSwapBuffers(window_); }
void Window::set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

float Window::pixels_per_unit() const {
  int units = 0, unused = 0, pixels = 0;
  glfwGetWindowSize(window_, &units, &unused);
  glfwGetFramebufferSize(window_, &pixels, &unused);
  return units > 0 && pixels > 0 ? static_cast<float>(pixels) / static_cast<float>(units) : 1.0f;
}

float Window::content_scale() const {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window_, &x, &y);
  return x > 0 ? x : 1.0f;
}

void Window::set_title(const std::string& title) {
  if (title == title_) return;
  title_ = title;
  glfwSetWindowTitle(window_, title.c_str());
}

void Window::framebuffer_size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
  if (glfwGetWindowAttrib(window_, GLFW_ICONIFIED)) width = height = 0;
}

void Window::toggle_fullscreen() {
  if (fullscreen_) {
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_width_, windowed_height_, 0);
    fullscreen_ = false;
    return;
  }
  const GLFWvidmode* video = monitor_ ? glfwGetVideoMode(monitor_) : nullptr;
  if (!video) return;  // headless: nothing to go fullscreen on
  glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
  glfwGetWindowSize(window_, &windowed_width_, &windowed_height_);
  glfwSetWindowMonitor(window_, monitor_, 0, 0, video->width, video->height, video->refreshRate);
  fullscreen_ = true;
}

}  // namespace stereocl
