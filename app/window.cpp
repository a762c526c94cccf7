#include "app/window.hpp"

#include "render/debug_output.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <iterator>
#include <stdexcept>
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

}  // namespace

Window::Window(const WindowSettings& settings) {
  if (!glfwInit())
    throw std::runtime_error("cannot start GLFW (" + last_glfw_error() +
                             "); is there a display? Set DISPLAY or run under `xvfb-run -a`");
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#ifndef NDEBUG
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
  glfwWindowHint(GLFW_VISIBLE, settings.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // NVIDIA's GLX gives exactly the version asked for. GPU (external memory) mode needs 4.5 (storage
  // buffers, the memory-object calls), so a build that has the mode asks for 4.5 first; every other
  // mode needs 3.3, which is what a driver without 4.5 gets.
  constexpr std::pair<int, int> versions[] = {{4, 5}, {3, 3}};
  for (std::size_t i = kExternalMemoryBuild ? 0 : 1; i < std::size(versions) && !window_; ++i) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, versions[i].first);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, versions[i].second);
    window_ = glfwCreateWindow(settings.width, settings.height, settings.title.c_str(), nullptr, nullptr);
  }
  if (!window_) {
    const std::string why = last_glfw_error();
    glfwTerminate();
    throw std::runtime_error("cannot open an OpenGL 3.3 core window (" + why +
                             "); update the graphics driver, or run under `xvfb-run -a` with Mesa");
  }
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw std::runtime_error("cannot load the OpenGL functions of this context");
  }
  install_debug_output();
  set_vsync(settings.vsync);
}

Window::~Window() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::swap_buffers() { glfwSwapBuffers(window_); }
void Window::set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

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
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* video = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!video) return;  // headless: nothing to go fullscreen on
  glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
  glfwGetWindowSize(window_, &windowed_width_, &windowed_height_);
  glfwSetWindowMonitor(window_, monitor, 0, 0, video->width, video->height, video->refreshRate);
  fullscreen_ = true;
}

}  // namespace stereocl
