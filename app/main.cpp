// stereocl: a live autostereogram of a bouncing ball, made by OpenGL and OpenCL together.
// The loop below is the whole program: poll, draw, show, swap. The work is in Demo.
#include "app/bench.hpp"
#include "app/demo.hpp"
#include "app/options.hpp"
#include "app/window.hpp"
#include "render/image_file.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace stereocl;

namespace {

WindowSettings window_settings_for(const Options& options) {
  WindowSettings settings;
  // Room for the stereogram at 1:1 where the screen allows; the presenter scales down otherwise.
  settings.width = std::clamp(options.size.width + options.stereogram.pattern_width, 640, 1920);
  settings.height = std::clamp(options.size.height, 480, 1080);
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

int run(const Options& options) {
  Window window(window_settings_for(options));
  if (options.list_devices) {
    std::fputs(describe_opencl_devices(window.handle()).c_str(), stdout);
    return 0;
  }
  Demo demo(options, open_opencl(window.handle(), options.cl_device));
  if (options.bench) return run_bench(options, window, demo);
  glfwSetWindowUserPointer(window.handle(), &demo);
  glfwSetKeyCallback(window.handle(), [](GLFWwindow* handle, int key, int, int action, int) {
    if (action != GLFW_PRESS) return;
    auto& target = *static_cast<Demo*>(glfwGetWindowUserPointer(handle));
    if (key == GLFW_KEY_ESCAPE) glfwSetWindowShouldClose(handle, GLFW_TRUE);
    if (key == GLFW_KEY_SPACE) target.settings().mode = next_available_mode(target.settings().mode, target.availability());
  });

  long long frame = 0;
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

    // A run of fixed length (--frames) animates in fixed 60 Hz steps, so its screenshot is the
    // same on every machine and in every mode; a live session follows the clock.
    demo.render_frame(options.frames ? 1.0 / 60.0 : seconds);
    demo.present(width, height);
    window.swap_buffers();
    demo.end_frame(seconds * 1000.0);
    if (options.frames && ++frame >= *options.frames) break;
  }
  return save_outputs(options, demo);
}

}  // namespace

int main(int argc, char** argv) {
  const auto parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (const auto* exit = std::get_if<ExitRequest>(&parsed)) {
    std::fprintf(exit->code == 0 ? stdout : stderr, "%s\n", exit->message.c_str());
    return exit->code;
  }
  try {
    return run(std::get<Options>(parsed));
  } catch (const InputError& error) {
    std::fprintf(stderr, "stereocl: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "stereocl: %s\n", error.what());
    return 1;
  }
}
