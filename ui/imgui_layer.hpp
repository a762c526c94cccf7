#pragma once
// Dear ImGui for one GLFW window, set up and torn down with it. Create it after the program's
// own GLFW callbacks are installed: ImGui chains to the callbacks it finds, so both get events.
#include "core/notices.hpp"

struct GLFWwindow;

namespace stereocl {

// Readable from the back of a room: DejaVu Sans (Debian's fonts-dejavu-core) at kFontPixels x
// scale, ImGui's built-in 13 px font where that file is missing (said once, as a log line).
inline constexpr float kFontPixels = 18.0f;
inline constexpr const char* kFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

class ImGuiLayer {
 public:
  // `scale`: --ui-scale, or the screen's content scale. A font it falls back from is said in
  // `notices`. `font_file` is for the tests.
  ImGuiLayer(GLFWwindow* window, float scale, Notices& notices, const char* font_file = kFontFile);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void new_frame();
  // Draws the frame's widgets into the window's framebuffer, over whatever is there.
  void render();
  // True while a text field of the panel takes the keys, so key bindings stand aside. A click or
  // drag on the panel takes no key from the stage (ImGui's keyboard navigation is off).
  bool wants_keyboard() const;
  // Leaves the text field being typed in (what was typed stays) before the next frame's widgets
  // run, so the key that asked for it is not typed into the field too.
  void release_keyboard() { release_keyboard_ = true; }
  bool has_own_font() const { return own_font_; }

 private:
  bool own_font_ = false;
  bool release_keyboard_ = false;
};

}  // namespace stereocl
