#pragma once
// The GLFW window and its GL 3.3 core context, owned for the life of the program.
#include "compute/cl/gl_share_handles.hpp"

#include <string>

struct GLFWwindow;
struct GLFWmonitor;

namespace stereocl {

struct WindowSettings {
  int width = 1280;
  int height = 720;
  bool visible = true;
  bool vsync = true;
  std::string title = "stereocl";
  bool fullscreen = false;
  std::string monitor;  // --fullscreen MONITOR: an index or part of a name; empty: the primary one
  // --gl-context: GLX (X11's own) or EGL. Some OpenCL drivers share only with EGL contexts.
  GlShareHandles::Api gl_api = GlShareHandles::Api::glx;
};

class Window {
 public:
  // Throws std::runtime_error naming the problem (no display, no GL 3.3) and what to do, and
  // InputError for a monitor that is not there. A windowed size is cut to the monitor's work area.
  explicit Window(const WindowSettings& settings);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  // The context's handles for an OpenCL context that shares with it.
  GlShareHandles share_handles() const;
  bool should_close() const;
  void request_close();
  void swap_buffers();
  void set_vsync(bool on);
  void toggle_fullscreen();
  bool fullscreen() const { return fullscreen_; }
  // Framebuffer pixels, which differ from window units on HiDPI screens. 0x0 when minimised.
  void framebuffer_size(int& width, int& height) const;
  // Framebuffer pixels per window unit (ImGui works in window units): 1 but on HiDPI screens.
  float pixels_per_unit() const;
  // glfwGetWindowContentScale: the default --ui-scale.
  float content_scale() const;
  void set_title(const std::string& title);

 private:
  GLFWwindow* window_ = nullptr;
  GLFWmonitor* monitor_ = nullptr;  // the one fullscreen uses
  bool fullscreen_ = false;
  std::string title_;
  int windowed_x_ = 0, windowed_y_ = 0, windowed_width_ = 0, windowed_height_ = 0;
};

}  // namespace stereocl
