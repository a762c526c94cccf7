// stereocl: a live autostereogram of a bouncing ball, made by OpenGL and OpenCL together.
// The loop below is the whole program: poll, panel, draw, show, panel on top, swap. The work is
// in Demo; the panel and the keys only change its settings.
#include "app/bench.hpp"
#include "app/demo.hpp"
#include "app/file_drop.hpp"
#include "app/imgui_layer.hpp"
#include "app/key_bindings.hpp"
#include "app/options.hpp"
#include "app/panel.hpp"
#include "app/window.hpp"
#include "render/convergence_dots.hpp"
#include "core/image_file.hpp"
#include "render/pixel_transfer.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace stereocl;

namespace {

WindowSettings window_settings_for(const Options& options) {
  WindowSettings settings;
  // Room for the stereogram at 1:1, and the convergence dots above it, where the screen allows;
  // the presenter scales down otherwise.
  settings.width = std::clamp(options.size.width + options.stereogram.pattern_width, 640, 1920);
  settings.height = std::clamp(options.size.height + kDotBandHeight, 480, 1080);
  settings.visible = !options.hidden;
  settings.vsync = options.vsync;
  return settings;
}

bool write_histogram_csv(const std::string& path, const Histogram256& bins) {
  std::ofstream file(path);
  file << "bin,count\n";
  for (std::size_t bin = 0; bin < bins.size(); ++bin) file << bin << ',' << bins[bin] << '\n';
  return static_cast<bool>(file);
}

// Writes what --screenshot and --histogram asked for; returns the exit code.
int save_outputs(const Options& options, const Demo& demo) {
  int code = 0;
  if (!options.screenshot_file.empty()) {
    if (const std::string error = save_png(options.screenshot_file, demo.final_image()); !error.empty()) {
      std::fprintf(stderr, "stereocl: %s\n", error.c_str());
      code = 1;
    }
  }
  if (!options.histogram_file.empty() && !write_histogram_csv(options.histogram_file, demo.last_histogram())) {
    std::fprintf(stderr, "stereocl: %s: cannot write the histogram CSV\n", options.histogram_file.c_str());
    code = 1;
  }
  return code;
}

// What the GLFW callbacks reach through the window's user pointer.
struct Session {
  Window& window;
  Demo& demo;
  PanelState panel;
  const ImGuiLayer* imgui = nullptr;  // set once it exists; it is made after our callbacks
};

Session& session_of(GLFWwindow* handle) { return *static_cast<Session*>(glfwGetWindowUserPointer(handle)); }

void on_key(GLFWwindow* handle, int key, int /*scancode*/, int action, int /*mods*/) {
  Session& session = session_of(handle);
  if (action != GLFW_PRESS || (session.imgui && session.imgui->wants_keyboard())) return;
  const auto bound = action_for_key(key);
  if (!bound) return;
  switch (bound->kind) {
    case ActionKind::quit: session.window.request_close(); break;
    case ActionKind::toggle_fullscreen: session.window.toggle_fullscreen(); break;
    case ActionKind::screenshot: session.panel.screenshot_requested = true; break;
    default:
      if (const Status done = apply_action(*bound, session.demo.settings(), session.demo.availability()); !done)
        session.panel.message = done.error();
  }
}

void on_drop(GLFWwindow* handle, int count, const char** paths) {
  // One file at a time: with several, the last would silently win over the others.
  if (count > 0) session_of(handle).panel.show(handle_dropped_file(session_of(handle).demo, paths[0]));
}

// "stereocl-20260121-153012.png" in the working directory, never over an earlier one.
std::string screenshot_name() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::string name = std::string("stereocl-") + stamp + ".png";
  for (int n = 2; std::filesystem::exists(name); ++n) name = std::string("stereocl-") + stamp + "-" + std::to_string(n) + ".png";
  return name;
}

// S and the panel's button save the stereogram itself (as --screenshot does), not the window:
// the picture is what people want to keep, and it stays viewable only at its own pixel size.
void save_screenshot(const Demo& demo, PanelState& panel) {
  panel.screenshot_requested = false;
  const std::string name = screenshot_name();
  const std::string error = save_png(name, demo.final_image());
  panel.message = error.empty() ? "Saved " + name : error;
}

// The window as shown, panel and dots included: the back buffer before it is swapped away.
std::string save_window(const std::string& path, int width, int height) {
  RgbaImage image = read_rgba(0, GL_BACK, width, height);
  flip_rows(image);
  return save_png(path, image);
}

int run(const Options& options) {
  Window window(window_settings_for(options));
  if (options.list_devices) {
    std::fputs(describe_opencl_devices(window.handle()).c_str(), stdout);
    return 0;
  }
  Demo demo(options, open_opencl(window.handle(), options.cl_device));
  if (options.bench) return run_bench(options, demo);

  Session session{window, demo, PanelState::for_current_context()};
  glfwSetWindowUserPointer(window.handle(), &session);
  glfwSetKeyCallback(window.handle(), on_key);
  glfwSetDropCallback(window.handle(), on_drop);
  ImGuiLayer imgui(window.handle());
  session.imgui = &imgui;

  long long frame = 0;
  bool vsync = options.vsync;
  std::string window_shot_error;
  double last_time = glfwGetTime();
  while (!window.should_close()) {
    glfwPollEvents();
    int width = 0, height = 0;
    window.framebuffer_size(width, height);
    if (width == 0 || height == 0) {  // minimised: draw nothing, wake up now and then
      glfwWaitEventsTimeout(0.1);
      last_time = glfwGetTime();
      continue;
    }
    const double now = glfwGetTime();
    const double seconds = now - last_time;
    last_time = now;
    if (demo.settings().vsync != vsync) window.set_vsync(vsync = demo.settings().vsync);

    const bool panel = demo.settings().show_panel;
    if (panel) {
      imgui.new_frame();
      draw_panel(demo, session.panel);
    }
    // A run of fixed length (--frames) animates in fixed 60 Hz steps, so its screenshot is the
    // same on every machine and in every mode; a live session follows the clock.
    if (const Status drawn = demo.render_frame(options.frames ? 1.0 / 60.0 : seconds); !drawn) {
      std::fprintf(stderr, "stereocl: %s\n", drawn.error().c_str());
      session.panel.message = drawn.error();
    }
    demo.present(width, height);
    if (panel) imgui.render();

    if (session.panel.screenshot_requested) save_screenshot(demo, session.panel);
    const bool last_frame = window.should_close() || (options.frames && frame + 1 >= *options.frames);
    if (last_frame && !options.screenshot_window_file.empty())
      window_shot_error = save_window(options.screenshot_window_file, width, height);
    window.swap_buffers();
    demo.end_frame(seconds * 1000.0);
    if (options.frames && ++frame >= *options.frames) break;
  }
  if (!window_shot_error.empty()) std::fprintf(stderr, "stereocl: %s\n", window_shot_error.c_str());
  return std::max(save_outputs(options, demo), window_shot_error.empty() ? 0 : 1);
}

}  // namespace

int main(int argc, char** argv) {
  const auto parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (const auto* exit = std::get_if<ExitRequest>(&parsed)) {
    std::fprintf(exit->code == 0 ? stdout : stderr, "%s\n", exit->message.c_str());
    return exit->code;
  }
  try {
    Options options = std::get<Options>(parsed);
    options.break_kernels = std::getenv("STEREOCL_BREAK_KERNELS") != nullptr;
    return run(options);
  } catch (const InputError& error) {
    std::fprintf(stderr, "stereocl: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "stereocl: %s\n", error.what());
    return 1;
  }
}
