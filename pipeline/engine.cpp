#include "pipeline/engine.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "core/input_error.hpp"
#include "pipeline/start_files.hpp"
#include "render/guide_dots_picture.hpp"
#include "render/pixel_transfer.hpp"
#include "render/presenter.hpp"
#include "render/reveal_blend.hpp"

#include <utility>

namespace stereocl {
namespace {

void note_passes_without_compute(const DemoSettings& settings, Notices& notices) {
  const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  if (settings.passes.depth_pass == DepthPass::z_only && !SceneRenderer::z_only_available())
    notices.log("depth_pass z-only: needs GL 4.3 compute shaders, this context is " + version + "; using shaded");
  if (settings.passes.compose == ComposePass::compute && !StereogramCompositor::compute_available())
    notices.log("compose compute: needs GL 4.3 compute shaders, this context is " + version + "; using fragment");
}

// --pattern scene, in a mode that makes a stereogram.
bool scene_pattern(const DemoSettings& settings) {
  return mode_row(settings.mode).makes_stereogram && settings.look.pattern_kind == PatternKind::library &&
         settings.look.library_pattern->from_scene();
}

PatternSampling pattern_sampling(const DemoSettings& settings) {
  return algorithm_row(settings.look.stereogram.algorithm).whole_pattern_pixels ? PatternSampling::whole_pixels
                                                                                 : PatternSampling::linear;
}

RgbaImage final_image(const DisplayImage& shown) {
  RgbaImage image = read_rgba(shown.framebuffer, GL_COLOR_ATTACHMENT0, shown.width, shown.height);
  flip_rows(image);
  return image;
}

}  // namespace

Engine::Engine(const Settings& options, ClSetup cl)
    : options_(options), modes_(options, notices_, nullptr), sources_(options) {
  start(std::move(cl));
}

Engine::Engine(const Settings& options, ClOpener open_cl)
    : options_(options), modes_(options, notices_, open_cl), sources_(options) {
  std::optional<ClSetup> cl;
  if (!mode_row(options.mode).kernels_on_cpu) cl = open_cl();
  start(std::move(cl));
}

Engine::~Engine() = default;

void Engine::start(std::optional<ClSetup> cl) {
  settings_ = DemoSettings(options_);
  note_passes_without_compute(settings_, notices_);
  modes_.start(std::move(cl), settings_);
  load_start_files(options_, *this);
  if (!sources_.has_scene()) {  // where no --depth map made the scene
    const Size size = options_.size;
    if (const Status fits = sources_.fits(size, stereogram_strip_width(settings_.look.stereogram)); !fits)
      throw InputError("size " + std::to_string(size.width) + "x" + std::to_string(size.height) + ": " + fits.error());
    sources_.show(settings_);
  }
  // The --size width was checked when the options were read; a --depth map's is known only now.
  const auto resolved = resolve_units(settings_.look.stereogram, sources_.scene_size().width);
  if (!resolved) throw InputError(resolved.error());
  settings_.look.stereogram = *resolved;
  settle_group_colours(settings_.look);
  reconcile_pattern();
  executor_.compositor().release();  // the first frame that makes a picture makes its textures
  const StereogramSize size = stereogram_size();
  executor_.compositor().resize(size.width, size.height, size.strip_width);
  // Said on stderr with or without --mode: the default mode, too, can be too small.
  modes_.fit_to_size(settings_, applied_, size);
  applied_ = settings_;
}

StereogramSize Engine::stereogram_size() const {
  const Size scene = sources_.scene_size();
  return {scene.width, scene.height, stereogram_strip_width(settings_.look.stereogram)};
}

void Engine::open_opencl_now() { modes_.open_opencl(settings_, applied_, stereogram_size()); }

Status Engine::use_look(const Settings& look, const LookImages& images) {
  // Both files were decoded before anything changes, so a bad one leaves the look as it was.
  const DemoSettings before = settings_;
  settings_.look = look.look;
  Status used = images.pattern ? use_as_pattern(*images.pattern, look.pattern_file) : Status{};
  if (used && images.depth) used = use_as_depth(*images.depth, look.depth_file);
  if (used && !look.text.empty()) used = use_text(look.text);
  if (!used) {
    settings_ = before;
    return used;
  }
  if (!images.depth && look.text.empty()) settings_.depth_source = DepthSource::scene;
  if (look.mode_given) modes_.ask_for(look.mode, settings_);
  return {};
}

void Engine::switch_depth_source(DepthSource source) {
  settings_.depth_source = applied_.depth_source = source;
  sources_.show(settings_);
  modes_.fit_to_size(settings_, applied_, stereogram_size());
}

Status Engine::use_as_depth(const LoadedImage& image, const std::string& name) {
  if (Status taken = sources_.take_depth(image.grey16, name, stereogram_strip_width(settings_.look.stereogram)); !taken)
    return taken;
  switch_depth_source(DepthSource::image);
  return {};
}

Status Engine::use_text(const std::string& text) {
  if (Status taken = sources_.take_text(text, stereogram_strip_width(settings_.look.stereogram)); !taken) return taken;
  switch_depth_source(DepthSource::image);
  return {};
}

Status Engine::use_model(const ModelMesh& mesh, const std::string& name) {
  if (Status taken = sources_.take_model(mesh, name); !taken) return taken;
  switch_depth_source(DepthSource::model);
  return {};
}

Status Engine::use_as_pattern(const LoadedImage& loaded, const std::string& name) {
  pattern_.take_image(loaded.rgba, name);
  settings_.look.pattern_kind = PatternKind::image;
  return {};
}

void Engine::apply_settings() {
  reconcile_stereogram();
  if (settings_.look.pattern_kind == PatternKind::image && !pattern_.has_image())
    settings_.look.pattern_kind = applied_.look.pattern_kind;
  settle_group_colours(settings_.look);
  if ((settings_.depth_source == DepthSource::image && !sources_.has_depth_image()) ||
      (settings_.depth_source == DepthSource::model && !sources_.has_model()))
    settings_.depth_source = DepthSource::scene;
  if (settings_.depth_source != applied_.depth_source) sources_.show(settings_);
  modes_.reconcile(settings_, applied_, stereogram_size());
  // The panel's medians describe the mode on screen, not a mix with the one before.
  if (settings_.mode != applied_.mode) timings_.clear();
  reconcile_pattern();  // random dots take the algorithm's form (group_colours.hpp), so after it
  const StereogramSize size = stereogram_size();
  executor_.compositor().resize(size.width, size.height, size.strip_width);
  executor_.compositor().set_pass(settings_.passes.compose);
  if (settings_.look.invert_depth != applied_.look.invert_depth || settings_.look.depth_fit != applied_.look.depth_fit)
    sources_.upload(settings_);
  // A new seed (R) is a new pattern only: the ball keeps its course, so re-seeding while
  // watching does not make the scene jump.
  sources_.set_ball_speed(settings_.ball_speed);
  applied_ = settings_;
}

void Engine::reconcile_stereogram() {
  const Size scene = sources_.scene_size();
  const auto resolved = resolve_units(settings_.look.stereogram, scene.width);
  // A value the UI let through but the algorithm cannot take is refused here, keeping the last good one.
  if (resolved) settings_.look.stereogram = *resolved;
  if (!resolved || !validate_for_algorithm(settings_.look.stereogram) ||
      !sources_.fits(scene, stereogram_strip_width(settings_.look.stereogram)))
    settings_.look.stereogram = applied_.look.stereogram;
}

void Engine::reconcile_pattern() {
  // Nothing where it is unchanged, or is cut from each frame's colour (FrameExecutor).
  if (std::optional<RgbaImage> drawn = pattern_.redraw(settings_.look, settings_.shimmer))
    executor_.compositor().set_pattern(*drawn);
}

// An OpenCL call that fails mid-frame (out of device memory, a limit the driver did not report)
// must not end the program: the error is named, and the frame loop goes on in the last mode that
// worked, or in CPU mode, which needs no OpenCL.
Status Engine::render_frame(double seconds) {
  try {
    Status drawn = render_frame_unguarded(seconds);
    if (drawn) modes_.worked(settings_.mode);
    return drawn;
  } catch (const cl::Error& error) {
    return modes_.leave_failing(settings_, applied_, std::string(error.what()) + " returned " + cl_error_name(error.err()));
  } catch (const KernelBuildError& error) {
    // Kernels an effect needs are built on its first frame, so a driver that cannot compile one is
    // met here, mid-run, and handled as any other OpenCL failure.
    notices_.log(error.what());
    return modes_.leave_failing(settings_, applied_, "kernel " + error.file() + " did not build (the build log is on stderr)");
  }
}

Status Engine::render_frame_unguarded(double seconds) {
  executor_.collect_gl_times(timings_);
  apply_settings();
  reveal_ = step_reveal(reveal_, settings_.reveal, seconds);
  Backend& backend = modes_.backend(settings_.mode);
  const FramePlan plan = backend.plan(frame_request(backend), sources_.scene(), settings_.look.stereogram);
  const auto draw_depth = [this](SceneTarget& target, GLuint depth_buffer, double moved) {
    const std::optional<DepthPass> depth_only =
        mode_row(settings_.mode).makes_stereogram ? std::optional(settings_.passes.depth_pass) : std::nullopt;
    const bool colour = scene_pattern(settings_) || settings_.reveal || reveal_ > 0.f;
    sources_.draw(settings_.depth_source, {target, depth_buffer, settings_.paused ? 0.0 : moved, settings_.ball_speed,
                                           settings_.look.invert_depth, depth_only, colour});
  };
  const FrameInputs inputs{settings_.look.stereogram, pattern_sampling(settings_), settings_.look.effect,
                           settings_.sync(),          settings_.passes.debug_view,  seconds,
                           draw_depth,                scene_pattern(settings_),     reveal_};
  return executor_.run(plan, backend, inputs, sources_.scene_slot(), timings_);
}

FrameRequest Engine::frame_request(const Backend& backend) {
  const ModeRow& mode = mode_row(settings_.mode);
  // --histogram needs every frame's (the last is written). The panel's plot needs no more than a
  // few a second: every frame it cost a third of CPU mode's frame. With the panel hidden
  // (--no-panel, H, --bench) frame times measure the stereogram, not the plot.
  const bool plot_due = settings_.stage.show_panel && frames_rendered_++ % kPanelHistogramEvery == 0;
  showing_stereogram_ = mode.makes_stereogram && settings_.passes.debug_view == DebugView::none;
  return {.stereogram = mode.makes_stereogram,
          .animated = depth_source_row(settings_.depth_source).animated(),
          .debug_view = settings_.passes.debug_view,
          .effect = settings_.look.effect.effect != nullptr,
          .histogram = settings_.histogram_enabled || plot_due,
          .one_handover = settings_.one_handover(),
          .pipelining = pipelines(settings_),
          .continues = executor_.continues(backend)};
}

Result<HandoverFloor> Engine::handover_floor(Mode mode, std::optional<SyncStrategy> sync, int frames) {
  open_opencl_now();
  return modes_.handover_floor(mode, sync, settings_.sync(), frames);
}

Status Engine::resize_scene(Size size) {
  if (Status resized = sources_.resize(size, settings_); !resized) return resized;
  modes_.fit_to_size(settings_, applied_, stereogram_size());
  return {};
}

void Engine::present(int framebuffer_width, int framebuffer_height, std::optional<Rect> to, float ui_scale) {
  const DisplayImage& shown = executor_.shown();
  const Rect where = to.value_or(fit_centred(shown.width, shown.height, framebuffer_width, framebuffer_height));
  stereocl::present(shown.framebuffer, shown.width, shown.height, framebuffer_width, framebuffer_height, where);
  if (!settings_.stage.convergence_dots || !showing_stereogram_) return;
  const float dot_scale = convergence_dot_scale(settings_.stage, ui_scale);
  dots_.draw(convergence_dot_layout(where, shown.width, applied_.look.stereogram.pattern_width, framebuffer_height, dot_scale),
             framebuffer_width, framebuffer_height);
}

RgbaImage Engine::saved_image() const {
  if (!settings_.stage.guide_dots || !showing_stereogram_) return final_image(executor_.shown());
  return picture_with_guide_dots(executor_.shown(), applied_.look.stereogram.pattern_width, dots_, guide_picture_);
}

}  // namespace stereocl
