// stereocl: a live autostereogram of a bouncing ball, made by OpenGL and OpenCL together.
// The loop below is the whole program: poll, panel, draw, show, panel on top, swap. The work is
// in Demo; the panel and the keys only change its settings.
#include "app/background_image_load.hpp"
#include "app/bench.hpp"
#include "app/demo.hpp"
#include "app/file_drop.hpp"
#include "app/imgui_layer.hpp"
#include "app/key_bindings.hpp"
#include "app/options.hpp"
#include "app/panel.hpp"
#include "app/recording.hpp"
#include "app/screen_dpi.hpp"
#include "app/soak.hpp"
#include "app/timestamped_name.hpp"
#include "app/viewport_limit.hpp"
#include "app/window.hpp"
#include "core/atomic_file.hpp"
#include "render/convergence_dots.hpp"
#include "core/image_file.hpp"
#include "render/pixel_transfer.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

using namespace stereocl;

namespace {

WindowSettings window_settings_for(const Options& options) {
  WindowSettings settings;
  // Room for the stereogram at 1:1, and the convergence dots above it, where the screen allows;
  // the presenter scales down otherwise.
  settings.width = std::clamp(options.size.width + stereogram_strip_width(options.stereogram), 640, 1920);
  settings.height = std::clamp(options.size.height + kDotBandHeight, 480, 1080);
  settings.visible = !options.hidden;
  settings.vsync = options.vsync;
  return settings;
}

std::string histogram_csv(const Histogram256& bins) {
  std::string csv = "bin,count\n";
  for (std::size_t bin = 0; bin < bins.size(); ++bin) csv += std::to_string(bin) + ',' + std::to_string(bins[bin]) + '\n';
  return csv;
}

// Writes what --screenshot and --histogram asked for; returns the exit code.
int save_outputs(const Options& options, const Demo& demo) {
  std::vector<std::string> errors;
  if (!options.screenshot_file.empty())
    errors.push_back(save_png(options.screenshot_file, demo.final_image(), {}, input_files(options)));
  if (!options.histogram_file.empty())
    errors.push_back(write_file_atomically(options.histogram_file, histogram_csv(demo.last_histogram()), input_files(options)));
  int code = 0;
  for (const std::string& error : errors) {
    if (error.empty()) continue;
    std::fprintf(stderr, "stereocl: %s\n", error.c_str());
    code = 1;
  }
  return code;
}

// What the GLFW callbacks reach through the window's user pointer.
struct Session {
  Window& window;
  Demo& demo;
  PanelState panel;
  BackgroundImageLoad dropped;
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
  if (count > 0) session_of(handle).panel.message = session_of(handle).dropped.start(paths[0]);
}

// A dropped file is decoded off this thread; once it is, it is used here, where GL is.
void use_finished_drop(Session& session) {
  if (auto finished = session.dropped.take_finished())
    session.panel.show(use_dropped_image(session.demo, finished->path, finished->image));
}

// S and the panel's button save the stereogram itself (as --screenshot does), not the window:
// the picture is what people want to keep, and it stays viewable only at its own pixel size.
void save_screenshot(const Demo& demo, PanelState& panel) {
  panel.screenshot_requested = false;
  const std::string name = timestamped_name("png");
  const std::string error = save_png(name, demo.final_image());
  panel.message = error.empty() ? "Saved " + name : "Not saved: " + error;
}

// The window as shown, panel and dots included: the back buffer before it is swapped away.
std::string save_window(const Options& options, int width, int height) {
  RgbaImage image = read_rgba(0, GL_BACK, width, height);
  flip_rows(image);
  return save_png(options.screenshot_window_file, image, {}, input_files(options));
}

// Minimised, or larger than the driver can draw (said once per size, on stderr: the panel is
// not drawn either).
bool nothing_to_draw(int width, int height, ViewportLimit limit, std::string& said) {
  const auto oversized = refuse_oversized_framebuffer(width, height, limit);
  if (oversized && *oversized != said) std::fprintf(stderr, "stereocl: %s\n", oversized->c_str());
  said = oversized.value_or("");
  return width == 0 || height == 0 || oversized;
}

// --list-devices, as text or (--json) as JSON to stdout or the --json file.
int list_devices(const Options& options, GLFWwindow* window) {
  const auto devices = list_opencl_devices(window);
  if (!options.list_devices_as_json) {
    std::fputs(describe_opencl_devices(devices).c_str(), stdout);
    return 0;
  }
  const std::string json = describe_opencl_devices_json(devices);
  if (options.json_file.empty()) {
    std::fputs(json.c_str(), stdout);
    return 0;
  }
  if (const std::string error = write_file_atomically(options.json_file, json, input_files(options)); !error.empty()) {
    std::fprintf(stderr, "stereocl: %s\n", error.c_str());
    return 1;
  }
  return 0;
}

// Before anything runs: a device asked for by name or number that is not here is a typo, not a
// reason to quietly measure or show something else.
void refuse_unmatched_device(const Options& options, GLFWwindow* window) {
  if (options.cl_device.empty()) return;
  if (const auto unmatched = unmatched_device_filter(options.cl_device, list_opencl_devices(window)))
    throw InputError(*unmatched);
}

// A frame the mode could not make is said on stderr and the panel, and so is a mode the demo had to
// leave (a size past the OpenCL image limit); the loop goes on.
void render(Demo& demo, PanelState& panel, double seconds) {
  if (const Status drawn = demo.render_frame(seconds); !drawn) {
    std::fprintf(stderr, "stereocl: %s\n", drawn.error().c_str());
    panel.message = drawn.error();
  }
  if (std::string notice = demo.take_notice(); !notice.empty()) panel.message = std::move(notice);
}

int run(const Options& command_line) {
  Window window(window_settings_for(command_line));
  const Options options = with_screen_dpi(command_line, screen_dpi());
  if (options.list_devices) return list_devices(options, window.handle());
  refuse_unmatched_device(options, window.handle());
  Demo demo(options, open_opencl(window.handle(), options.cl_device));
  if (options.bench) return run_bench(options, demo);

  Session session{window, demo, PanelState::for_current_context(), {}};
  glfwSetWindowUserPointer(window.handle(), &session);
  glfwSetKeyCallback(window.handle(), on_key);
  glfwSetDropCallback(window.handle(), on_drop);
  ImGuiLayer imgui(window.handle());
  session.imgui = &imgui;
  Recording recording(options.record_path, options.frames);
  Soak soak(options.soak_seconds, options.soak_csv, options.soak_modes);

  long long frame = 0;
  bool vsync = options.vsync;
  std::string window_shot_error;
  const ViewportLimit viewport_limit = query_viewport_limit();
  std::string oversized_said;
  double last_time = glfwGetTime();
  while (!window.should_close()) {
    glfwPollEvents();
    int width = 0, height = 0;
    window.framebuffer_size(width, height);
    if (nothing_to_draw(width, height, viewport_limit, oversized_said)) {  // wake up now and then
      glfwWaitEventsTimeout(0.1);
      last_time = glfwGetTime();
      continue;
    }
    use_finished_drop(session);
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
    // same on every machine and in every mode, and so does a recording, so it plays at real
    // speed; a live session follows the clock.
    render(demo, session.panel, options.frames || recording.active() ? 1.0 / 60.0 : seconds);
    demo.present(width, height);
    if (panel) imgui.render();

    if (session.panel.screenshot_requested) save_screenshot(demo, session.panel);
    recording.after_frame(demo, session.panel);
    const bool last_frame = window.should_close() || (options.frames && frame + 1 >= *options.frames);
    if (last_frame && !options.screenshot_window_file.empty())
      window_shot_error = save_window(options, width, height);
    window.swap_buffers();
    demo.end_frame(seconds * 1000.0);
    if ((options.frames && ++frame >= *options.frames) || !soak.after_frame(glfwGetTime(), demo, window, session.panel.message))
      break;
  }
  if (!window_shot_error.empty()) std::fprintf(stderr, "stereocl: %s\n", window_shot_error.c_str());
  return std::max({save_outputs(options, demo), window_shot_error.empty() ? 0 : 1, recording.finish(), soak.finish()});
}

}  // namespace

int main(int argc, char** argv) {
  // Over a file size limit (ulimit -f) the write must fail with EFBIG, which the output code
  // reports, rather than the process dying of SIGXFSZ with the old file half replaced.
  std::signal(SIGXFSZ, SIG_IGN);
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
