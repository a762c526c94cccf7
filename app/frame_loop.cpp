#include "app/frame_loop.hpp"

#include "app/window_setup.hpp"
#include "bench/bench.hpp"
#include "config/users_terms.hpp"
#include "files/picture/image_file.hpp"
#include "pipeline/mode_table.hpp"
#include "render/convergence_dots.hpp"
#include "render/pixel_transfer.hpp"
#include "ui/key_bindings.hpp"
#include "ui/stage_layout.hpp"
#include "ui/stage_overlay.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace stereocl {
namespace {

// A frame the mode could not make is said on stderr and the panel, and so is what the engine said
// (a mode it had to leave: a size past the OpenCL image limit); the loop goes on.
void render(Engine& engine, PanelState& panel, double seconds) {
  // In the user's terms (config/users_terms.hpp): flags on stderr, plain words on the panel.
  if (const Status drawn = engine.render_frame(seconds); !drawn) {
    say_on_stderr(drawn.error());
    panel.message = as_panel_words(drawn.error());
  }
  bool shown = false;  // the first line for the audience, as the frame's failure was
  for (const Notices::Line& line : engine.take_notices()) {
    say_on_stderr(line.text);
    if (line.for_the_audience && !std::exchange(shown, true)) panel.message = as_panel_words(line.text);
  }
}

// --fit and F: the scene follows the window, so the stereogram fills it at 1:1; so it does where
// the default scene leaves the open panel no room (H after --no-panel fits the picture rather than
// being refused); otherwise it is the --size scene. Beside the panel the dots keep a band above
// the picture (a larger UI scale fits the scene, so it lost the band); with the panel hidden (on
// stage) the picture has it all.
void fit_scene(Session& session, Size framebuffer, int panel_width, float ui_scale) {
  Engine& engine = session.engine;
  const DemoSettings& settings = engine.settings();
  // Scene mode and the depth view show the scene alone, without the lookup's pattern strip.
  const bool strip = mode_row(settings.mode).makes_stereogram && settings.passes.debug_view != DebugView::depth;
  const int band = settings.stage.show_panel ? dot_band_height(convergence_dot_scale(settings.stage, ui_scale)) : 0;
  const bool fit = session.fit || shrinks_beside_panel(*session.options, settings, framebuffer, panel_width, band);
  const Size wanted = fit ? fitted_scene_size(framebuffer, panel_width, settings.stage.show_panel,
                                                      strip ? stereogram_strip_width(settings.look.stereogram) : 0, band)
                                  : session.options->size;
  if (const Status resized = engine.resize_scene(wanted); !resized) session.panel.message = as_panel_words(resized.error());
}

// "CPU mode", or where a mode asked for cannot run, both: "GPU unavailable: running CPU-readback".
std::string running_mode_words(const Engine& engine) {
  const std::string running(mode_display_name(engine.settings().mode));
  if (const std::optional<Mode> asked = engine.modes().unavailable(engine.settings().mode))
    return std::string(mode_display_name(*asked)) + " unavailable: running " + running;
  return running + " mode";
}

// A picture not shown 1:1, or a panel pushed out by it, is said on the panel (or in the title,
// when the panel is what yielded) and once on stderr, unless nobody sees the window (--hidden
// without --screenshot-window: a --screenshot is always 1:1).
void say_layout(Session& session, const StageLayout& layout, Size framebuffer, int panel_width) {
  const Size picture = session.engine.picture_size();
  const bool seen = !session.options->hidden || !session.options->screenshot_window_file.empty();
  session.panel.layout_note = layout.resampled ? resampled_note(picture, layout) : "";
  if (seen && layout.resampled && !session.resampled) say_on_stderr(session.panel.layout_note);
  const std::string yielded = layout.panel_yielded ? yielded_note(picture, framebuffer, panel_width) : "";
  if (seen && layout.panel_yielded && !session.panel_yielded) say_on_stderr(yielded);
  // The preset and the mode in the title: the presenter's window list (and a test driving the
  // window) can tell which is on, with nothing drawn over the picture.
  const std::string& preset = session.panel.preset;
  const std::string mode = running_mode_words(session.engine);
  if (session.options->verbose && mode != session.mode_said) say_on_stderr(mode);
  session.mode_said = mode;
  session.window.set_title("stereocl" + (preset.empty() ? "" : " - " + preset) + " - " + mode +
                           (yielded.empty() ? "" : ": " + yielded));
  session.resampled = layout.resampled;
  session.panel_yielded = layout.panel_yielded;
}

// The panel's "Benchmark this mode", between frames: the picture on screen stays as it was.
void run_panel_bench(Engine& engine, PanelState& panel) {
  panel.bench_requested = false;
  const Result<QuickBench> measured = bench_current_mode(engine, 2.0);
  if (!measured) {
    panel.message = "Benchmark failed: " + as_panel_words(measured.error());
    return;
  }
  char text[96];
  std::snprintf(text, sizeof text, "%.0f fps, %.2f ms (--bench loop)", measured->fps, measured->frame_ms);
  panel.bench_result = text;
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
  if (!drawn && drawn.error() != said) say_on_stderr(drawn.error());
  said = drawn ? "" : drawn.error();
  return width == 0 || height == 0 || !drawn;
}

// Window units from the window's top to the convergence dots' lowest pixel: the key list stays
// below them, where they are (above the picture, or on its top edge).
float below_the_dots(const Engine& engine, const StageLayout& layout, Size framebuffer, float ui_scale,
                     float pixels_per_unit) {
  const DemoSettings& settings = engine.settings();
  const DotLayout dots = convergence_dot_layout(layout.picture, engine.picture_size().width,
                                                settings.look.stereogram.pattern_width, framebuffer.height,
                                                convergence_dot_scale(settings.stage, ui_scale));
  const float lowest = dots.y - dots.radius - dots.rim;  // GL's rows count up from the bottom
  return std::max(0.0f, static_cast<float>(framebuffer.height) - lowest) / pixels_per_unit;
}

// The panel, the key list and a message where the panel is not there to say it. Blank (B, '.', F5,
// Esc) is a black screen: the audience must not read the panel either, only the fading hint.
void draw_overlays(FrameLoop& loop, const StageLayout& layout, float pixels_per_unit, float keys_top) {
  PanelState& panel = loop.session.panel;
  const Overlays shown = overlays_to_draw(layout.panel_width > 0, loop.session.engine.settings(),
                                          !panel.message.text().empty(), !panel.saved_sign.text().empty());
  if (!shown.any()) return;
  loop.imgui.new_frame();
  if (shown.panel) draw_panel(loop.session.engine, panel, static_cast<float>(layout.panel_width) / pixels_per_unit);
  if (shown.keys) draw_key_help(keys_top);
  if (shown.message) draw_floating_message(panel.message);
  if (shown.saved_sign) draw_saved_sign(panel.saved_sign);
  loop.imgui.render();
}

// Scene, picture and panel into the back buffer.
void draw_stage(FrameLoop& loop, Size framebuffer, double seconds) {
  const Options& options = *loop.session.options;
  Window& window = loop.session.window;
  Engine& engine = loop.session.engine;
  const float pixels_per_unit = window.pixels_per_unit();
  const int panel_width = panel_pixels(options, window);
  const float ui_scale = ui_scale_for(options, window);
  fit_scene(loop.session, framebuffer, panel_width, ui_scale);
  // A run of fixed length (--frames) animates in fixed 60 Hz steps, so its screenshot is the
  // same on every machine and in every mode, and so does a recording, so it plays at real
  // speed; a live session follows the clock.
  render(engine, loop.session.panel, options.frames || loop.recording.active() ? 1.0 / 60.0 : seconds);
  const StageLayout layout = lay_out_stage(engine.picture_size(), framebuffer, panel_width, engine.settings().stage.show_panel);
  say_layout(loop.session, layout, framebuffer, panel_width);
  present_or_blank(engine, framebuffer, layout.picture, ui_scale);
  draw_overlays(loop, layout, pixels_per_unit, below_the_dots(engine, layout, framebuffer, ui_scale, pixels_per_unit));
}

// What the panel asked for, the recording, the window shot and the swap; false once the run is over.
bool finish_frame(FrameLoop& loop, Size framebuffer, double seconds) {
  const Options& options = *loop.session.options;
  Window& window = loop.session.window;
  Engine& engine = loop.session.engine;
  PanelState& panel = loop.session.panel;
  if (panel.screenshot_requested) save_screenshot(engine, panel);
  if (panel.preset_step != 0) panel.message = loop.session.presets.step(std::exchange(panel.preset_step, 0));
  if (std::exchange(panel.fullscreen_requested, false)) toggle_fullscreen(loop.session);
  if (panel.bench_requested) run_panel_bench(engine, panel);
  loop.recording.after_frame(engine, panel);
  const bool last_frame = window.should_close() || (options.frames && loop.frame + 1 >= *options.frames);
  if (last_frame && !options.screenshot_window_file.empty())
    loop.window_shot = save_window(options, framebuffer.width, framebuffer.height);
  window.swap_buffers();
  engine.timings().end_frame(seconds * 1000.0);
  if (options.frames && ++loop.frame >= *options.frames) return false;
  return loop.soak.after_frame(glfwGetTime(), engine, window, panel.message);
}

// --max-fps: frames start at least 1/FPS seconds apart. Until the next is due the loop waits for
// events, so a key pressed meanwhile is taken at once and shown on that frame.
void wait_until_frame_due(FrameLoop& loop) {
  const int cap = loop.session.engine.settings().stage.max_fps;
  if (cap <= 0) return;
  for (double now = glfwGetTime(); now < loop.next_frame_due; now = glfwGetTime())
    glfwWaitEventsTimeout(loop.next_frame_due - now);
  loop.next_frame_due = glfwGetTime() + 1.0 / cap;
}

}  // namespace

bool run_frame(FrameLoop& loop) {
  Window& window = loop.session.window;
  Engine& engine = loop.session.engine;
  wait_until_frame_due(loop);
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
  if (engine.settings().stage.vsync != loop.vsync) window.set_vsync(loop.vsync = engine.settings().stage.vsync);
  draw_stage(loop, {width, height}, seconds);
  return finish_frame(loop, {width, height}, seconds);
}

}  // namespace stereocl
