#include "app/window_session.hpp"

#include "app/picture_metadata.hpp"
#include "app/timestamped_name.hpp"
#include "files/model/model_mesh.hpp"
#include "files/picture/image_file.hpp"
#include "ui/file_drop.hpp"
#include "ui/key_bindings.hpp"

#include <GLFW/glfw3.h>

#include <string>
#include <utility>

namespace stereocl {
namespace {

Session& session_of(GLFWwindow* handle) { return *static_cast<Session*>(glfwGetWindowUserPointer(handle)); }

void on_key(GLFWwindow* handle, int key, int /*scancode*/, int action, int mods) {
  Session& session = session_of(handle);
  if (key == GLFW_KEY_ESCAPE && action == GLFW_RELEASE) session.quit_guard.release();
  if (action != GLFW_PRESS) return;
  if (session.imgui && session.imgui->wants_keyboard()) {
    // The clicker's keys are the presenter's even while a word is being typed: the field is left
    // (keeping the word) and the key acts. Every other key is the field's.
    if (!reaches_the_stage_while_typing(key)) return;
    session.imgui->release_keyboard();
  }
  const auto bound = action_for_key(key, mods);
  if (!bound) return;
  switch (bound->kind) {
    case ActionKind::quit: session.window.request_close(); break;
    case ActionKind::escape: press_escape(session.quit_guard, glfwGetTime(), session.engine.settings()); break;
    case ActionKind::toggle_fullscreen: toggle_fullscreen(session); break;
    case ActionKind::screenshot: session.panel.screenshot_requested = true; break;
    case ActionKind::type_word:
      session.engine.settings().stage.show_panel = true;
      session.panel.select_tab = PanelTab::show;
      session.panel.focus_word_field = true;
      break;
    case ActionKind::next_preset:
    case ActionKind::previous_preset:
      session.panel.message = session.presets.step(bound->kind == ActionKind::next_preset ? 1 : -1);
      break;
    default:
      if (const Status done = apply_action(*bound, session.engine.settings(), session.engine.modes().availability()); !done) {
        session.panel.message = done.error();
        if (bound->kind == ActionKind::pick_mode) session.engine.modes().note_refused(bound->mode, session.engine.settings().mode);
      }
  }
}

void on_drop(GLFWwindow* handle, int count, const char** paths) {
  // One file at a time: with several, the last would silently win over the others.
  if (count == 0) return;
  Session& session = session_of(handle);
  if (!has_model_extension(paths[0])) {
    session.panel.message = session.dropped.start(paths[0]);
    return;
  }
  session.panel.message = session.dropped_model.start(paths[0]);
}

// A preset about size (presenter: fullscreen, the panel hidden) sets it; stepping on to one that
// is not gives back the window the size preset found, as presets change the look, not the size.
void fit_window_to_preset(Session& session) {
  if (session.presets.wants_fullscreen()) {
    if (!session.window.fullscreen()) {
      toggle_fullscreen(session);
      session.size_set_by_preset = true;
    }
    if (session.presets.hides_panel() && session.engine.settings().stage.show_panel) {
      session.engine.settings().stage.show_panel = false;  // the whole screen, as --config gives
      session.panel_hidden_by_preset = true;
    }
    return;
  }
  if (std::exchange(session.size_set_by_preset, false) && session.window.fullscreen()) toggle_fullscreen(session);
  if (std::exchange(session.panel_hidden_by_preset, false)) session.engine.settings().stage.show_panel = true;
}

}  // namespace

void listen_to_window(Session& session) {
  glfwSetWindowUserPointer(session.window.handle(), &session);
  glfwSetKeyCallback(session.window.handle(), on_key);
  glfwSetDropCallback(session.window.handle(), on_drop);
}

void toggle_fullscreen(Session& session) {
  session.window.toggle_fullscreen();
  session.fit = session.window.fullscreen() || session.options->fit;
}

void use_finished_loads(Session& session) {
  if (auto finished = session.dropped.take_finished())
    session.panel.show(use_dropped_image(session.engine, finished->path, finished->image));
  if (auto model = session.dropped_model.take_finished()) {  // its mesh goes to GL here, where GL is
    const Status used = model->mesh ? session.engine.use_model(*model->mesh, model->path) : failure(model->mesh.error());
    session.panel.message = used ? "Loaded " + model->path + " as a 3D model" : used.error();
  }
  if (auto said = session.presets.apply_finished(session.engine)) {
    session.panel.message = std::move(*said);
    session.panel.preset = session.presets.current();
    fit_window_to_preset(session);
  }
}

void present_or_blank(Engine& engine, Size framebuffer, std::optional<Rect> to, float ui_scale) {
  if (!engine.settings().blank) {
    engine.present(framebuffer.width, framebuffer.height, to, ui_scale);
    return;
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glViewport(0, 0, framebuffer.width, framebuffer.height);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void save_screenshot(const Engine& engine, PanelState& panel) {
  panel.screenshot_requested = false;
  const std::string name = timestamped_name("png");
  const Status saved = save_png(name, engine.saved_image(), picture_metadata(engine, engine.screen_dpi()));
  panel.message = saved ? "Saved " + name : "Not saved: " + saved.error();
  if (saved) panel.saved_sign = "saved";
}

}  // namespace stereocl
