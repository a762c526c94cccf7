// stereocl: a live autostereogram of a bouncing ball, made by OpenGL and OpenCL together.
// The loop below is the whole program: poll, draw, lay out, show, panel beside it, swap. The work
// is in Engine; the panel and the keys only change its settings (applied on the next frame).
#include "config/engine_start.hpp"
#include "pipeline/background_image_load.hpp"
#include "pipeline/background_model_load.hpp"
#include "pipeline/engine.hpp"
#include "app/picture_metadata.hpp"
#include "app/recording.hpp"
#include "app/still_picture.hpp"
#include "app/timestamped_name.hpp"
#include "bench/bench.hpp"
#include "bench/soak.hpp"
#include "config/options.hpp"
#include "config/presets.hpp"
#include "core/atomic_file.hpp"
#include "core/image_file.hpp"
#include "core/memory_budget.hpp"
#include "core/printable_text.hpp"
#include "core/standard_streams.hpp"
#include "core/stop_signals.hpp"
#include "pipeline/mode_table.hpp"
#include "render/convergence_dots.hpp"
#include "render/pixel_transfer.hpp"
#include "ui/file_drop.hpp"
#include "core/model_mesh.hpp"
#include "ui/imgui_layer.hpp"
#include "ui/key_bindings.hpp"
#include "ui/panel.hpp"
#include "ui/quit_guard.hpp"
#include "ui/screen_dpi.hpp"
#include "ui/stage_layout.hpp"
#include "ui/stage_overlay.hpp"
#include "ui/viewport_limit.hpp"
#include "ui/window.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <new>
#include <optional>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using namespace stereocl;

namespace {

WindowSettings window_settings_for(const Options& options) {
  WindowSettings settings;
  // Room for the panel and, beside it, the stereogram at 1:1 with the convergence dots above it;
  // the window cuts this to the screen, and the stage layout decides what yields. --fit asks
  // for the whole screen and makes the scene fit that.
  const int panel = options.show_panel ? static_cast<int>(kPanelWidth * (options.ui_scale > 0 ? options.ui_scale : 1.0f)) : 0;
  settings.width = options.fit ? kMaxImageSide
                               : std::max(options.size.width + stereogram_strip_width(options.stereogram) + panel, 640);
  settings.height = options.fit ? kMaxImageSide : std::max(options.size.height + kDotBandHeight, 480);
  settings.visible = !options.hidden;
  settings.vsync = options.vsync;
  settings.fullscreen = options.fullscreen;
  settings.monitor = options.monitor;
  settings.gl_api = options.gl_context == "egl" ? GlShareHandles::Api::egl : GlShareHandles::Api::glx;
  return settings;
}

float ui_scale_for(const Options& options, const Window& window) {
  return options.ui_scale > 0 ? options.ui_scale : std::clamp(window.content_scale(), kMinUiScale, kMaxUiScale);
}

std::string histogram_csv(const Histogram256& bins) {
  std::string csv = "bin,count\n";
  for (std::size_t bin = 0; bin < bins.size(); ++bin) csv += std::to_string(bin) + ',' + std::to_string(bins[bin]) + '\n';
  return csv;
}

// Writes what --screenshot and --histogram asked for; returns the exit code.
int save_outputs(const Options& options, const Engine& demo) {
  std::vector<Status> written;
  if (!options.screenshot_file.empty())
    written.push_back(save_png(options.screenshot_file, demo.saved_image(), picture_metadata(demo, demo.screen_dpi()),
                               input_files(options)));
  if (!options.histogram_file.empty())
    written.push_back(
        write_atomically(options.histogram_file, histogram_csv(demo.last_histogram()), input_files(options)));
  int code = 0;
  for (const Status& output : written) {
    if (output) continue;
    std::fprintf(stderr, "stereocl: %s\n", output.error().c_str());
    code = 1;
  }
  return code;
}

// What the GLFW callbacks reach through the window's user pointer.
struct Session {
  Window& window;
  Engine& demo;
  PanelState panel;
  PresetCycle presets;
  BackgroundImageLoad dropped;
  BackgroundModelLoad dropped_model;
  ImGuiLayer* imgui = nullptr;  // set once it exists; it is made after our callbacks
  const Options* options = nullptr;   // as given: --size, --fit
  bool fit = false;                   // --fit, and while F's fullscreen is on
  bool resampled = false;             // what the last frame's layout said, so stderr hears it once
  bool panel_yielded = false;
  QuitGuard quit_guard{};  // Esc held for a second quits; a clicker's taps only blank and unblank
  bool size_set_by_preset = false;      // fullscreen came from a preset about size, not from F
  bool panel_hidden_by_preset = false;  // ... and so did the hidden panel
};

Session& session_of(GLFWwindow* handle) { return *static_cast<Session*>(glfwGetWindowUserPointer(handle)); }

// F and the panel's button: on stage, the screen filled at 1:1.
void toggle_fullscreen(Session& session) {
  session.window.toggle_fullscreen();
  session.fit = session.window.fullscreen() || session.options->fit;
}

void on_key(GLFWwindow* handle, int key, int /*scancode*/, int action, int mods) {
  Session& session = session_of(handle);
  if (key == GLFW_KEY_ESCAPE && action == GLFW_RELEASE) session.quit_guard.release();
  if (action != GLFW_PRESS) return;
  if (session.imgui && session.imgui->wants_keyboard()) {
    // The clicker's keys are the presenter's even while a word is being typed: the field is left
    // (keeping the word) and the key acts.
    if (!reaches_the_stage_while_typing(key)) return;
    session.imgui->release_keyboard();
  }
  const auto bound = action_for_key(key, mods);
  if (!bound) return;
  switch (bound->kind) {
    case ActionKind::quit: session.window.request_close(); break;
    case ActionKind::escape: press_escape(session.quit_guard, glfwGetTime(), session.demo.settings()); break;
    case ActionKind::toggle_fullscreen: toggle_fullscreen(session); break;
    case ActionKind::screenshot: session.panel.screenshot_requested = true; break;
    case ActionKind::next_preset:
    case ActionKind::previous_preset:
      session.panel.message = session.presets.step(bound->kind == ActionKind::next_preset ? 1 : -1);
      break;
    default:
      if (const Status done = apply_action(*bound, session.demo.settings(), session.demo.availability()); !done)
        session.panel.message = done.error();
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
    if (session.presets.hides_panel() && session.demo.settings().show_panel) {
      session.demo.settings().show_panel = false;  // the whole screen, as --config gives
      session.panel_hidden_by_preset = true;
    }
    return;
  }
  if (std::exchange(session.size_set_by_preset, false) && session.window.fullscreen()) toggle_fullscreen(session);
  if (std::exchange(session.panel_hidden_by_preset, false)) session.demo.settings().show_panel = true;
}

// A dropped file or a preset is decoded off this thread; once it is, it is used here, where GL is.
void use_finished_loads(Session& session) {
  if (auto finished = session.dropped.take_finished())
    session.panel.show(use_dropped_image(session.demo, finished->path, finished->image));
  if (auto model = session.dropped_model.take_finished()) {  // its mesh goes to GL here, where GL is
    const Status used = model->mesh ? session.demo.use_model(*model->mesh, model->path) : failure(model->mesh.error());
    session.panel.message = used ? "Loaded " + model->path + " as a 3D model" : used.error();
  }
  if (auto said = session.presets.apply_finished(session.demo)) {
    session.panel.message = std::move(*said);
    session.panel.preset = session.presets.current();
    fit_window_to_preset(session);
  }
}

// S and the panel's button save the stereogram itself (as --screenshot does), not the window:
// the picture is what people want to keep, and it stays viewable only at its own pixel size.
void save_screenshot(const Engine& demo, PanelState& panel) {
  panel.screenshot_requested = false;
  const std::string name = timestamped_name("png");
  const Status saved = save_png(name, demo.saved_image(), picture_metadata(demo, demo.screen_dpi()));
  panel.message = saved ? "Saved " + name : "Not saved: " + saved.error();
  if (saved) panel.saved_sign = "saved";
}

// The window as shown, panel and dots included: the back buffer before it is swapped away.
Status save_window(const Options& options, int width, int height) {
  RgbaImage image = read_rgba(0, GL_BACK, width, height);
  flip_rows(image);
  return save_png(options.screenshot_window_file, image, {}, input_files(options));
}

// Minimised, or larger than the driver can draw (said once per size, on stderr: the panel is
// not drawn either).
bool nothing_to_draw(int width, int height, ViewportLimit limit, std::string& said) {
  const Status drawn = viewport_allows(width, height, limit);
  if (!drawn && drawn.error() != said) std::fprintf(stderr, "stereocl: %s\n", drawn.error().c_str());
  said = drawn ? "" : drawn.error();
  return width == 0 || height == 0 || !drawn;
}

// --list-devices, as text or (--json) as JSON to stdout or the --json file. Without a display
// (no window) every device is listed all the same; only which one shares with GL stays unknown.
// The list's last line: which device GPU mode shares GL textures with, as README says it tells.
std::string sharing_line(const std::vector<ClPlatformDescription>& platforms, const GlShareHandles& gl) {
  for (const ClPlatformDescription& platform : platforms)
    for (const ClDeviceDescription& device : platform.devices)
      if (device.shares_gl) return "GPU mode shares GL textures with device " + device.index + "\n";
  return gl.present() ? "no device shares this GL context: GPU mode cannot run here (CPU-readback can)\n"
                      : "no display, so no GL context: which device would share with GL is not known here\n";
}

int list_devices(const Options& options, const GlShareHandles& gl) {
  const auto devices = list_opencl_devices(gl);
  if (!options.list_devices_as_json) {
    std::fputs(describe_opencl_devices(devices).c_str(), stdout);
    if (!devices.empty()) std::fputs(sharing_line(devices, gl).c_str(), stdout);
    return 0;
  }
  const std::string json = describe_opencl_devices_json(devices);
  if (options.json_file.empty()) {
    std::fputs(json.c_str(), stdout);
    return 0;
  }
  if (const Status written = write_atomically(options.json_file, json, input_files(options)); !written) {
    std::fprintf(stderr, "stereocl: %s\n", written.error().c_str());
    return 1;
  }
  return 0;
}

// Before anything runs: a device asked for by name or number that is not here is a typo, not a
// reason to quietly measure or show something else.
void refuse_unmatched_device(const Options& options, const GlShareHandles& gl) {
  if (options.cl_device.empty()) return;
  if (const Status matched = device_filter_matches(options.cl_device, list_opencl_devices(gl)); !matched)
    throw InputError(matched.error());
}

// A frame the mode could not make is said on stderr and the panel, and so is what the engine said
// (a mode it had to leave: a size past the OpenCL image limit); the loop goes on.
void render(Engine& demo, PanelState& panel, double seconds) {
  if (const Status drawn = demo.render_frame(seconds); !drawn) {
    std::fprintf(stderr, "stereocl: %s\n", drawn.error().c_str());
    panel.message = drawn.error();
  }
  bool shown = false;  // the first line for the audience, as the frame's failure was
  for (const Notices::Line& line : demo.take_notices()) {
    Notices::print(line);
    if (line.for_the_audience && !std::exchange(shown, true)) panel.message = line.text;
  }
}

// --fit and F: the scene follows the window, so the stereogram fills it at 1:1; otherwise it is
// the --size scene.
void fit_scene(Session& session, Size framebuffer, int panel_width) {
  Engine& demo = session.demo;
  const DemoSettings& settings = demo.settings();
  // Scene mode and the depth view show the scene alone, without the lookup's pattern strip.
  const bool strip = mode_row(settings.mode).makes_stereogram && settings.debug_view != DebugView::depth;
  const Size wanted = session.fit ? fitted_scene_size(framebuffer, panel_width, settings.show_panel,
                                                      strip ? stereogram_strip_width(settings.stereogram) : 0)
                                  : session.options->size;
  if (const Status resized = demo.resize_scene(wanted); !resized) session.panel.message = resized.error();
}

// A picture not shown 1:1, or a panel pushed out by it, is said on the panel (or in the title,
// when the panel is what yielded) and once on stderr, unless nobody sees the window (--hidden
// without --screenshot-window: a --screenshot is always 1:1).
void say_layout(Session& session, const StageLayout& layout, Size framebuffer, int panel_width) {
  const Size picture = session.demo.picture_size();
  const bool seen = !session.options->hidden || !session.options->screenshot_window_file.empty();
  session.panel.layout_note = layout.resampled ? resampled_note(picture, layout) : "";
  if (seen && layout.resampled && !session.resampled) std::fprintf(stderr, "stereocl: %s\n", session.panel.layout_note.c_str());
  const std::string yielded = layout.panel_yielded ? yielded_note(picture, framebuffer, panel_width) : "";
  if (seen && layout.panel_yielded && !session.panel_yielded) std::fprintf(stderr, "stereocl: %s\n", yielded.c_str());
  session.window.set_title(yielded.empty() ? "stereocl" : "stereocl: " + yielded);
  session.resampled = layout.resampled;
  session.panel_yielded = layout.panel_yielded;
}

// The panel's "Benchmark this mode", between frames: the picture on screen stays as it was.
void run_panel_bench(Engine& demo, PanelState& panel) {
  panel.bench_requested = false;
  const Result<QuickBench> measured = bench_current_mode(demo, 2.0);
  if (!measured) {
    panel.message = "Benchmark failed: " + measured.error();
    return;
  }
  char text[96];
  std::snprintf(text, sizeof text, "%.0f fps, %.2f ms (--bench loop)", measured->fps, measured->frame_ms);
  panel.bench_result = text;
}

// The OpenCL device start-up chose, in one line, where others were passed over for a reason.
void say_opencl_choice(const ClSetup& cl) {
  if (cl.skipped.empty()) return;
  const std::string chosen = cl.environment ? "OpenCL on " + cl.environment->device_name + " (" + cl.environment->platform_name + ")"
                                            : "no OpenCL device";
  std::fprintf(stderr, "stereocl: %s; passed over: %s\n", chosen.c_str(), cl.skipped.c_str());
}

// -v: what this run has to work with, for a user asking why a mode is greyed out.
void say_what_runs(const Engine& demo) {
  const PanelState gl = PanelState::for_current_context();  // what the panel shows of GL
  std::fprintf(stderr, "stereocl: GL %s on %s\n", gl.gl_version.c_str(), gl.gl_renderer.c_str());
  const ClEnvironment* cl = demo.opencl_environment();
  std::fprintf(stderr, "stereocl: %s\n",
               cl ? ("OpenCL on " + cl->device_name + " (" + cl->platform_name + ")" +
                     (cl->shares_gl ? ", sharing GL textures" : ", no GL sharing")).c_str()
                  : "no OpenCL device");
  for (const ModeRow& row : mode_table()) {
    const auto& reason = demo.availability().reason(row.mode);
    std::fprintf(stderr, "stereocl: %s mode: %s\n", std::string(row.display_name).c_str(),
                 reason ? reason->c_str() : "runs here");
  }
  std::fprintf(stderr, "stereocl: starting in %s mode\n", std::string(mode_display_name(demo.settings().mode)).c_str());
}

// --list-devices needs no display: without a window only which device shares with GL is unknown.
int list_devices_with_or_without_window(const Options& options) {
  std::optional<Window> window;
  try {
    window.emplace(window_settings_for(options));
  } catch (const std::runtime_error&) {
    // no display: the window stays empty, and so do the GL handles
  }
  return list_devices(options, window ? window->share_handles() : GlShareHandles{});
}

// A scene size the machine cannot hold is refused before its window, textures and buffers exist.
void refuse_unaffordable_size(const Options& options) {
  const Size size = options.size;
  const std::string what = "--size " + std::to_string(size.width) + "x" + std::to_string(size.height);
  const Status allowed = memory_allows(
      what,
      static_cast<std::uint64_t>(size.width) + static_cast<std::uint64_t>(stereogram_strip_width(options.stereogram)),
      static_cast<std::uint64_t>(size.height));
  if (!allowed) throw InputError(allowed.error());
}

// What each frame of a windowed run uses, and what the loop carries from one frame to the next.
struct FrameLoop {
  Session& session;
  ImGuiLayer& imgui;
  Recording& recording;
  Soak& soak;
  ViewportLimit viewport_limit;
  long long frame = 0;
  bool vsync = true;
  Status window_shot;  // --screenshot-window's, once it is taken
  std::string oversized_said;
  double last_time = 0;
};

// The panel, the key list and a message where the panel is not there to say it. Blank (B, '.', F5,
// Esc) is a black screen: the audience must not read the panel either, only the fading hint.
void draw_overlays(FrameLoop& loop, const StageLayout& layout, float pixels_per_unit) {
  PanelState& panel = loop.session.panel;
  const Overlays shown = overlays_to_draw(layout.panel_width > 0, loop.session.demo.settings(),
                                          !panel.message.text().empty(), !panel.saved_sign.text().empty());
  if (!shown.any()) return;
  loop.imgui.new_frame();
  if (shown.panel) draw_panel(loop.session.demo, panel, static_cast<float>(layout.panel_width) / pixels_per_unit);
  if (shown.keys) draw_key_help();
  if (shown.message) draw_floating_message(panel.message);
  if (shown.saved_sign) draw_saved_sign(panel.saved_sign);
  loop.imgui.render();
}

// Scene, picture and panel into the back buffer.
void draw_stage(FrameLoop& loop, Size framebuffer, double seconds) {
  const Options& options = *loop.session.options;
  Window& window = loop.session.window;
  Engine& demo = loop.session.demo;
  const float pixels_per_unit = window.pixels_per_unit();
  const int panel_width = static_cast<int>(kPanelWidth * ui_scale_for(options, window) * pixels_per_unit);
  fit_scene(loop.session, framebuffer, panel_width);
  // A run of fixed length (--frames) animates in fixed 60 Hz steps, so its screenshot is the
  // same on every machine and in every mode, and so does a recording, so it plays at real
  // speed; a live session follows the clock.
  render(demo, loop.session.panel, options.frames || loop.recording.active() ? 1.0 / 60.0 : seconds);
  const StageLayout layout = lay_out_stage(demo.picture_size(), framebuffer, panel_width, demo.settings().show_panel);
  say_layout(loop.session, layout, framebuffer, panel_width);
  demo.present(framebuffer.width, framebuffer.height, layout.picture);
  draw_overlays(loop, layout, pixels_per_unit);
}

// What the panel asked for, the recording, the window shot and the swap; false once the run is over.
bool finish_frame(FrameLoop& loop, Size framebuffer, double seconds) {
  const Options& options = *loop.session.options;
  Window& window = loop.session.window;
  Engine& demo = loop.session.demo;
  PanelState& panel = loop.session.panel;
  if (panel.screenshot_requested) save_screenshot(demo, panel);
  if (panel.preset_step != 0) panel.message = loop.session.presets.step(std::exchange(panel.preset_step, 0));
  if (std::exchange(panel.fullscreen_requested, false)) toggle_fullscreen(loop.session);
  if (panel.bench_requested) run_panel_bench(demo, panel);
  loop.recording.after_frame(demo, panel);
  const bool last_frame = window.should_close() || (options.frames && loop.frame + 1 >= *options.frames);
  if (last_frame && !options.screenshot_window_file.empty())
    loop.window_shot = save_window(options, framebuffer.width, framebuffer.height);
  window.swap_buffers();
  demo.end_frame(seconds * 1000.0);
  if (options.frames && ++loop.frame >= *options.frames) return false;
  return loop.soak.after_frame(glfwGetTime(), demo, window, panel.message);
}

// One pass of the loop; false once the run is over.
bool run_frame(FrameLoop& loop) {
  Window& window = loop.session.window;
  Engine& demo = loop.session.demo;
  glfwPollEvents();
  if (loop.session.quit_guard.held_to_quit(glfwGetTime())) window.request_close();
  int width = 0, height = 0;
  window.framebuffer_size(width, height);
  if (nothing_to_draw(width, height, loop.viewport_limit, loop.oversized_said)) {  // wake up now and then
    glfwWaitEventsTimeout(0.1);
    loop.last_time = glfwGetTime();
    return true;
  }
  use_finished_loads(loop.session);
  const double now = glfwGetTime();
  const double seconds = now - loop.last_time;
  loop.last_time = now;
  if (demo.settings().vsync != loop.vsync) window.set_vsync(loop.vsync = demo.settings().vsync);
  draw_stage(loop, {width, height}, seconds);
  return finish_frame(loop, {width, height}, seconds);
}

// After the last frame: the outputs the run was asked for, and its exit code.
int end_run(const Options& options, const Engine& demo, const Status& window_shot, Recording& recording,
            const Soak& soak) {
  if (!window_shot) std::fprintf(stderr, "stereocl: %s\n", window_shot.error().c_str());
  const int code = std::max({save_outputs(options, demo), window_shot ? 0 : 1, recording.finish(), soak.finish()});
  if (const int signal_number = stop_signals::received()) {
    std::fprintf(stderr, "stereocl: stopped by %s%s\n", stop_signals::name(signal_number).c_str(),
                 code == 0 ? "; every output was written" : "");
    return 128 + signal_number;  // what a shell expects of a run a signal ended
  }
  return code;
}

// Where no --size was asked for and the screen cannot hold the default scene beside the panel
// (--ui-scale 2, a small screen), the scene shrinks to fit beside it, still 1:1, rather than the
// panel being pushed out.
bool shrinks_beside_panel(const Options& options, const Window& window) {
  // A hidden window shows nothing: its --screenshot keeps the asked-for scene on any screen.
  if (options.size_given || !options.show_panel || options.fullscreen || options.hidden) return false;
  int width = 0, height = 0;
  window.framebuffer_size(width, height);
  const int panel = static_cast<int>(kPanelWidth * ui_scale_for(options, window) * window.pixels_per_unit());
  return width < options.size.width + stereogram_strip_width(options.stereogram) + panel ||
         height < options.size.height + kDotBandHeight;
}

// The window shown until it is closed, the --frames are done or the soak ends.
int run_window(const Options& options, Window& window, Engine& demo) {
  Session session{window, demo, PanelState::for_current_context(), PresetCycle(options.presets_folder), {}, {}};
  glfwSetWindowUserPointer(window.handle(), &session);
  glfwSetKeyCallback(window.handle(), on_key);
  glfwSetDropCallback(window.handle(), on_drop);
  Notices ui_notices;  // said before the first frame, on stderr
  ImGuiLayer imgui(window.handle(), ui_scale_for(options, window), ui_notices);
  for (const Notices::Line& line : ui_notices.take()) std::fprintf(stderr, "stereocl: %s\n", line.text.c_str());
  session.imgui = &imgui;
  session.options = &options;
  // --fullscreen alone keeps the --size scene, 1:1 and centred.
  session.fit = options.fit || shrinks_beside_panel(options, window);
  if (options.panel_tab == "measure") session.panel.select_tab = PanelTab::measure;
  // --config presenter is a preset too: the panel names it ("No preset applied yet" was wrong).
  if (!options.config_files.empty()) session.panel.preset = std::filesystem::path(options.config_files.back()).stem().string();
  Recording recording(options.record_path, options.frames, options.overwrite, options.record_quality);
  Soak soak(options.soak_seconds, options.soak_csv, options.soak_modes);
  if (const Status runs = soak.keep_modes_that_run(demo.availability()); !runs) throw InputError(runs.error());

  FrameLoop loop{.session = session,
                 .imgui = imgui,
                 .recording = recording,
                 .soak = soak,
                 .viewport_limit = query_viewport_limit(),
                 .frame = 0,
                 .vsync = options.vsync,
                 .window_shot = {},
                 .oversized_said = {},
                 .last_time = glfwGetTime()};
  stop_signals::install();  // Ctrl+C, kill and a closed terminal end the run as its last frame would
  while (!window.should_close() && !stop_signals::received())
    if (!run_frame(loop)) break;
  return end_run(options, demo, loop.window_shot, recording, soak);
}

int run(const Options& command_line) {
  if (command_line.list_devices) return list_devices_with_or_without_window(command_line);
  refuse_unaffordable_size(command_line);
  if (!command_line.output_file.empty()) {
    stop_signals::install(stop_signals::Stop::at_once);  // Ctrl+C leaves no temporary file behind
    return make_still_picture(command_line);
  }
  Window window(window_settings_for(command_line));
  const Result<Options> at_screen_dpi = with_screen_dpi(command_line, screen_dpi());
  if (!at_screen_dpi) throw InputError(at_screen_dpi.error());
  const Options& options = *at_screen_dpi;
  refuse_unmatched_device(options, window.share_handles());
  const GlShareHandles gl = window.share_handles();
  Engine demo(engine_start_of(options), [gl, device = options.cl_device] {
    ClSetup cl = open_opencl(gl, device);
    say_opencl_choice(cl);
    return cl;
  });
  // -v says what every mode can do, --bench measures them all and a soak switches between them:
  // each needs OpenCL at once.
  if (options.verbose || options.bench || options.soak_seconds > 0) demo.open_opencl_now();
  if (options.verbose) say_what_runs(demo);
  if (options.bench) return run_bench(options, demo);
  return run_window(options, window, demo);
}


// What a command that prints its result (--list-devices, --bench, --help, --version, -o -) needs:
// an open stdout, checked before the work, and every byte of it written, checked after.
bool prints_its_result(const Options& options) {
  return (options.list_devices && options.json_file.empty()) || options.bench || options.output_file == kStandardStream;
}

int refuse_closed_stdout() {
  std::fprintf(stderr, "stereocl: standard output is closed, and this command's result goes there\n");
  return 1;
}

int with_stdout_written(int code) {
  const std::string failed = stdout_failure();
  if (failed.empty()) return code;
  std::fprintf(stderr, "stereocl: standard output: %s\n", failed.c_str());
  return code == 0 ? 1 : code;
}

int run_checked(const Options& options, const StandardStreams& streams) {
  if (streams.stdout_closed && prints_its_result(options)) return refuse_closed_stdout();
  try {
    return with_stdout_written(run(options));
  } catch (const InputError& error) {
    std::fprintf(stderr, "stereocl: %s\n", printable_words(error.what()).c_str());
    return 2;
  } catch (const std::bad_alloc&) {  // the budgets hold before allocating; this is the net under them
    std::fprintf(stderr, "stereocl: out of memory; a smaller --size or input needs less\n");
    return 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "stereocl: %s\n", printable_words(error.what()).c_str());
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const StandardStreams streams = hold_standard_descriptors();
  // Over a file size limit (ulimit -f) the write must fail with EFBIG, which the output code
  // reports, rather than the process dying of SIGXFSZ with the old file half replaced.
  std::signal(SIGXFSZ, SIG_IGN);
  const auto parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed) {
    const ExitRequest& exit = parsed.failure();
    if (exit.code != 0) {
      std::fprintf(stderr, "%s\n", printable_words(exit.message).c_str());
      return exit.code;
    }
    if (streams.stdout_closed) return refuse_closed_stdout();  // --help, --version
    std::fprintf(stdout, "%s\n", exit.message.c_str());
    return with_stdout_written(0);
  }
  Options options = *parsed;
  options.break_kernels = std::getenv("STEREOCL_BREAK_KERNELS") != nullptr;
  return run_checked(options, streams);
}
