#pragma once
// The GLFW window and its GL 3.3 core context, owned for the life of the program.
#include <string>

struct GLFWwindow;

namespace stereocl {

struct WindowSettings {
  int width = 1280;
  int height = 720;
  bool visible = true;
  bool vsync = true;
  std::string title = "stereocl";
};

class Window {
 public:
  // Throws std::runtime_error naming the problem (no display, no GL 3.3) and what to do.
  explicit Window(const WindowSettings& settings);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  bool should_close() const;
  void request_close();
  void swap_buffers();
  void set_vsync(bool on);
  void toggle_fullscreen();
  bool fullscreen() const { return fullscreen_; }
  // Framebuffer pixels, which differ from window units on HiDPI screens. 0x0 when minimised.
  void framebuffer_size(int& width, int& height) const;

 private:
  GLFWwindow* window_ = nullptr;
  bool fullscreen_ = false;
  int windowed_x_ = 0, windowed_y_ = 0, windowed_width_ = 0, windowed_height_ = 0;
};

}  // namespace stereocl
