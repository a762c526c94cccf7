#pragma once
// Dear ImGui for one GLFW window, set up and torn down with it. Create it after the program's
// own GLFW callbacks are installed: ImGui chains to the callbacks it finds, so both get events.
struct GLFWwindow;

namespace stereocl {

class ImGuiLayer {
 public:
  explicit ImGuiLayer(GLFWwindow* window);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void new_frame();
  // Draws the frame's widgets into the window's framebuffer, over whatever is there.
  void render();
  // True while the panel has keyboard focus (a text field), so key bindings stand aside.
  bool wants_keyboard() const;
};

}  // namespace stereocl
