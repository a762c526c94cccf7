#include "ui/imgui_layer.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

namespace stereocl {

namespace {

// ImGui's atlas reads the file itself; a missing one would be an assertion, so it is looked for first.
bool load_font(ImGuiIO& io, const char* path, float pixels, Notices& notices) {
  std::error_code error;
  if (path && std::filesystem::is_regular_file(path, error) && io.Fonts->AddFontFromFileTTF(path, pixels)) return true;
  notices.log(std::string("panel font ") + (path ? path : "(none)") +
              " not found (Debian package fonts-dejavu-core); using ImGui's small built-in font");
  ImFontConfig config;
  config.SizePixels = 13.0f * pixels / kFontPixels;
  io.Fonts->AddFontDefault(&config);
  return false;
}

}  // namespace

ImGuiLayer::ImGuiLayer(GLFWwindow* window, float scale, Notices& notices, const char* font_file) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the panel starts the same every time; no imgui.ini in the user's folder
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.Alpha = 0.94f;
  style.ItemSpacing.y = 3.0f;  // compact, so most sections fit a 720-line window (the rest scrolls)
  style.FramePadding.y = 2.0f;
  style.ScaleAllSizes(scale);
  // No keyboard navigation: the keyboard belongs to the stage. With it on, a presenter's first
  // PageDown started navigating the panel (ImGui pages with it), which then kept every key --
  // S, B, Esc, the clicker's next PageDown -- until someone clicked the picture.
  own_font_ = load_font(io, font_file, kFontPixels * scale, notices);
  if (!ImGui_ImplGlfw_InitForOpenGL(window, true) || !ImGui_ImplOpenGL3_Init("#version 330")) {
    ImGui::DestroyContext();
    throw std::runtime_error("cannot set up Dear ImGui for this window");
  }
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::new_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  // No window focused: the active text field loses its keyboard (ImGui clears the active item).
  if (std::exchange(release_keyboard_, false)) ImGui::SetWindowFocus(nullptr);
}

void ImGuiLayer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ImGuiLayer::wants_keyboard() const {
  // Released already, though ImGui lets go only on the next frame: a key pressed in the same frame
  // as Return (S right after a word) is the stage's, not lost to a field that is closing.
  if (release_keyboard_) return false;
  // A text field only. ImGui's WantCaptureKeyboard is also true while any item is active, and a
  // click on the panel's title bar makes its window-move item active until the button's release is
  // handled: where the click and a key came in one frame (a loaded machine, ImGui 1.90 taking the
  // click's press and release on two frames), B or '.' was lost to the panel (CI at a6d8b68).
  return ImGui::GetIO().WantTextInput;
}

}  // namespace stereocl
