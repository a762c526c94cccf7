// stereocl: a live autostereogram of a bouncing ball, made by OpenGL and OpenCL together, and
// stills of it, of depth maps, models and words (-o).
// The loop below is the whole program: poll, draw, lay out, show, panel beside it, swap
// (app/frame_loop). The work is in the Engine; the panel and the keys only change its settings
// (applied on the next frame).
#include "app/affordable_size.hpp"
#include "app/device_listing.hpp"
#include "app/frame_loop.hpp"
#include "app/program_entry.hpp"
#include "app/recording.hpp"
#include "app/run_outputs.hpp"
#include "app/still_picture.hpp"
#include "app/window_session.hpp"
#include "app/window_setup.hpp"
#include "bench/bench.hpp"
#include "bench/soak.hpp"
#include "config/options.hpp"
#include "config/presets.hpp"
#include "config/users_terms.hpp"
#include "core/input_error.hpp"
#include "core/os/stop_signals.hpp"
#include "core/printable_text.hpp"
#include "pipeline/engine.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/screen_dpi.hpp"
#include "ui/window.hpp"

#include <GLFW/glfw3.h>

#include <cstdio>
#include <filesystem>
#include <string>

using namespace stereocl;

namespace {

// The window shown until it is closed, the --frames are done or the soak ends.
int run_window(const Options& options, Window& window, Engine& engine) {
  Session session{window, engine, PanelState::for_current_context(), PresetCycle(options.presets_folder), {}, {}};
  listen_to_window(session);
  Notices ui_notices;  // said before the first frame, on stderr
  ImGuiLayer imgui(window.handle(), ui_scale_for(options, window), ui_notices);
  for (const Notices::Line& line : ui_notices.take()) say_on_stderr(line.text);
  session.imgui = &imgui;
  session.options = &options;
  // --fullscreen alone keeps the --size scene, 1:1 and centred.
  session.fit = options.fit;
  if (options.panel_tab == "picture") session.panel.select_tab = PanelTab::picture;
  if (options.panel_tab == "measure") session.panel.select_tab = PanelTab::measure;
  // --config presenter is a preset too: the panel names it ("No preset applied yet" was wrong).
  if (!options.config_files.empty()) {
    session.panel.preset = std::filesystem::path(options.config_files.back()).stem().string();
    session.presets.start_from(options.config_files.back());
  }
  Recording recording(options.record_path, options.frames, options.overwrite, options.record_quality);
  Soak soak(options.soak_seconds, options.soak_csv, options.soak_modes);
  if (const Status runs = soak.keep_modes_that_run(engine.modes().availability()); !runs) throw InputError(runs.error());

  FrameLoop loop{.session = session,
                 .imgui = imgui,
                 .recording = recording,
                 .soak = soak,
                 .viewport_limit = query_viewport_limit(),
                 .frame = 0,
                 .vsync = options.stage.vsync,
                 .window_shot = {},
                 .oversized_said = {},
                 .last_time = glfwGetTime()};
  stop_signals::install();  // Ctrl+C, kill and a closed terminal end the run as its last frame would
  while (!window.should_close() && !stop_signals::received())
    if (!run_frame(loop)) break;
  return end_run(options, engine, loop.window_shot, recording, soak);
}

int run(const Options& command_line) {
  if (command_line.list_devices) return list_devices_with_or_without_window(command_line);
  if (!command_line.output_file.empty()) return run_still(command_line);
  refuse_unaffordable_size(command_line);
  Window window(window_settings_for(command_line));
  const Result<Options> at_screen_dpi = with_screen_dpi(command_line, screen_dpi());
  if (!at_screen_dpi) throw InputError(at_screen_dpi.error());
  const Options& options = *at_screen_dpi;
  refuse_unmatched_device(options, window.share_handles());
  const GlShareHandles gl = window.share_handles();
  Engine engine(options, [gl, device = options.cl_device] {
    ClSetup cl = open_opencl(gl, device);
    say_opencl_choice(cl);
    return cl;
  });
  // -v says what every mode can do, --bench measures them all and a soak switches between them:
  // each needs OpenCL at once.
  if (options.verbose || options.bench || options.soak_seconds > 0) engine.open_opencl_now();
  if (options.verbose) say_what_runs(engine);
  if (options.bench) return run_bench(options, engine);
  return run_window(options, window, engine);
}

}  // namespace

int main(int argc, char** argv) {
  const ProgramStart start = start_program(argc, argv);
  if (!start.options) return start.exit_code;
  return run_checked(*start.options, start.streams, run);
}
