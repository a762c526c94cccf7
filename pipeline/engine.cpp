#include "pipeline/engine.hpp"
#include "pipeline/sources/image_roles.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/symmetric_params.hpp"
#include "files/model/built_in_models.hpp"
#include "core/depth_fit.hpp"
#include "core/depth_map.hpp"
#include "files/model/model_mesh.hpp"
#include "files/picture/image_file.hpp"
#include "core/input_error.hpp"
#include "core/printable_text.hpp"
#include "files/text/text_depth.hpp"
#include "pipeline/backends/cpu_backend.hpp"
#include "pipeline/frame/frame_pattern.hpp"
#include "pipeline/sources/still_depth_upload.hpp"
#include "render/pixel_transfer.hpp"
#include "render/presenter.hpp"
#include "render/reveal_blend.hpp"
#include "render/symmetric_compute_pass.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace stereocl {

Engine::Engine(const Settings& options, ClSetup cl)
    : options_(options),
      physics_(BallPhysics::from_seed(options.look.seed)) {
  start(options, std::move(cl));
}

Engine::Engine(const Settings& options, ClOpener open_cl)
    : options_(options),
      physics_(BallPhysics::from_seed(options.look.seed)),
      open_cl_(std::move(open_cl)) {
  std::optional<ClSetup> cl;
  if (!mode_row(options.mode).kernels_on_cpu) cl = open_cl_();
  start(options, std::move(cl));
}

void Engine::start(const Settings& options, std::optional<ClSetup> cl) {
  settings_ = DemoSettings(options);
  note_passes_without_compute();
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_side_);

  if (cl) {
    set_up_opencl(std::move(*cl));
    fit_sync_to_opencl(options.interop_sync);
  } else {
    set_up_without_opencl();
  }
  fit_settings_to_engines(options);

  load_start_files(options);
  if (!scene_) make_size_scene(options);
  // The --size width was checked when the options were read; a --depth map's is known only now.
  const auto resolved = resolve_units(settings_.look.stereogram, scene_->width());
  if (!resolved) throw InputError(resolved.error());
  settings_.look.stereogram = *resolved;
  settle_group_colours(settings_.look);
  rebuild_pattern(pattern_recipe());
  compositor().release();  // the first frame that makes a picture makes its textures
  compositor().resize(scene_->width(), scene_->height(), stereogram_strip_width(settings_.look.stereogram));
  fit_mode_to_size();  // said on stderr with or without --mode: the default mode, too, can be too small
  applied_ = settings_;
}

void Engine::note_passes_without_compute() {
  if (settings_.passes.depth_pass == DepthPass::z_only && !SceneRenderer::z_only_available())
    notices_.log(std::string("depth_pass z-only: needs GL 4.3 compute shaders, this context is ") +
                 reinterpret_cast<const char*>(glGetString(GL_VERSION)) + "; using shaded");
  if (settings_.passes.compose == ComposePass::compute && !StereogramCompositor::compute_available())
    notices_.log(std::string("compose compute: needs GL 4.3 compute shaders, this context is ") +
                 reinterpret_cast<const char*>(glGetString(GL_VERSION)) + "; using fragment");
}

void Engine::fit_sync_to_opencl(std::optional<SyncStrategy> asked) {
  if (const Status why = sync_supported(settings_.sync(), opencl_environment()); !why && gl_sharing()) {
    // finish always works where GL is shared; "all" (--bench) checks each strategy itself.
    if (asked)
      notices_.log("interop_sync " + std::string(sync_strategy_name(*asked)) + ": " + why.error() + "; using finish");
    settings_.interop_sync = SyncStrategy::finish;
  }
}

void Engine::fit_settings_to_engines(const Settings& options) {
  settings_.mode = fallback_mode(options.mode, engine_availability_);
  if (settings_.mode != options.mode && options.mode_given) {  // on stderr, and on the panel as a notice
    refused_mode_ = {options.mode, settings_.mode};
    notices_.say(request_mode(options.mode, engine_availability_).error() + "; running " +
                 std::string(mode_display_name(settings_.mode)) + " mode instead");
  }
}

void Engine::load_start_files(const Settings& options) {
  if (!options.pattern_file.empty()) {
    if (const Status loaded = load_pattern_file(options.pattern_file); !loaded) throw InputError(loaded.error());
  }
  if (!options.depth_file.empty()) {
    if (const Status loaded = load_depth_file(options.depth_file); !loaded) throw InputError(loaded.error());
  }
  if (!options.text.empty()) {
    if (const Status used = use_text(options.text); !used) throw InputError("text: " + used.error());
  }
  if (!options.model.empty()) {
    if (const Status used = load_model(options.model); !used) throw InputError("model: " + used.error());
  }
}

void Engine::make_size_scene(const Settings& options) {
  if (const Status fits = check_fits_textures(options.size.width, options.size.height, stereogram_strip_width(settings_.look.stereogram));
      !fits)
    throw InputError("size " + std::to_string(options.size.width) + "x" + std::to_string(options.size.height) +
                     ": " + fits.error());
  use_depth_source();
}

Engine::~Engine() = default;

void Engine::take_look(const Settings& look) { settings_.look = look.look; }

Status Engine::use_look(const Settings& look, const LookImages& images) {
  // Both files were decoded before anything changes, so a bad one leaves the look as it was.
  const std::optional<LoadedImage>& pattern = images.pattern;
  const std::optional<LoadedImage>& depth = images.depth;
  const DemoSettings before = settings_;
  take_look(look);
  Status used = pattern ? use_as_pattern(*pattern, look.pattern_file) : Status{};
  if (used && depth) used = use_as_depth(*depth, look.depth_file);
  if (used && !look.text.empty()) used = use_text(look.text);
  if (!used) {
    settings_ = before;
    return used;
  }
  if (!depth && look.text.empty()) settings_.depth_source = DepthSource::scene;
  if (look.mode_given) {
    settings_.mode = fallback_mode(look.mode, availability_);
    if (settings_.mode != look.mode) refused_mode_ = {look.mode, settings_.mode};
    if (settings_.mode != look.mode)
      notices_.say(request_mode(look.mode, availability_).error() + "; running " +
                   std::string(mode_display_name(settings_.mode)) + " mode instead");
  }
  return {};
}

// What every back-end is made of, OpenCL or not: the CPU's threads, the notices, GL's compute.
Engines Engine::engines_before_opencl() {
  Engines engines;
  engines.cpu_threads = options_.cpu_threads;
  engines.notices = &notices_;
  engines.gl_compute = SymmetricComputePass::available();
  engines.gl_version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  return engines;
}

void Engine::set_up_without_opencl() {
  Engines engines = engines_before_opencl();
  engines.opencl_pending = true;
  engine_availability_ = availability_ = availability_with(engines);
  for (const ModeRow& row : mode_table())
    if (row.kernels_on_cpu) backends_[static_cast<std::size_t>(row.mode)] = row.make_backend(engines);
}

void Engine::open_opencl_now() {
  if (cl_) return;
  ClSetup none;
  none.no_opencl_reason = "no way to open OpenCL was given";
  set_up_opencl(open_cl_ ? open_cl_() : std::move(none));
  fit_sync_to_opencl(options_.interop_sync);
  fit_mode_to_size();  // the device's image limit is known only now
}

void Engine::set_up_opencl(ClSetup cl) {
  cl_ = std::move(cl);
  Engines engines = engines_before_opencl();
  engines.no_opencl_reason = cl_->no_opencl_reason;
  engines.no_sharing_reason = cl_->no_sharing_reason;
  if (cl_->environment) {
    ClEnvironment& environment = *cl_->environment;
    try {
      environment.programs.break_sources_on_purpose(options_.break_kernels);
      kernels_.emplace(environment.programs,
                       options_.fast_stereogram_kernel ? StereogramKernelKind::fast : StereogramKernelKind::classic);
      engines.cl = &environment;
      engines.kernels = &*kernels_;
    } catch (const KernelBuildError& error) {
      notices_.log(error.what());
      engines.no_opencl_reason = "OpenCL kernel " + error.file() + " failed to build on " + environment.device_name +
                                 " (the build log is on stderr)";
    } catch (const std::exception& error) {
      engines.no_opencl_reason = std::string("OpenCL set-up failed: ") + error.what();
    }
  }
  engine_availability_ = availability_ = availability_with(engines);
  if (engines.cl)
    image_limit_ = {static_cast<long long>(engines.cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>()),
                    static_cast<long long>(engines.cl->device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>())};
  for (const ModeRow& row : mode_table())
    if (engine_availability_.available(row.mode)) backends_[static_cast<std::size_t>(row.mode)] = row.make_backend(engines);
}

void Engine::fit_mode_to_size() {
  availability_ = availability_at_size(engine_availability_, image_limit_,
                                       {scene_->width(), scene_->height(), stereogram_strip_width(settings_.look.stereogram)});
  if (availability_.available(settings_.mode)) return;
  const Mode wanted = settings_.mode;
  notices_.say(leave_mode(wanted, fallback_mode(wanted, availability_), request_mode(wanted, availability_).error()));
}

std::string Engine::leave_mode(Mode mode, Mode replacement, const std::string& why) {
  settings_.mode = replacement;
  refused_mode_ = {mode, replacement};
  if (applied_.mode == mode) applied_.mode = replacement;
  return why + "; running " + std::string(mode_display_name(replacement)) + " mode instead";
}

std::optional<Mode> Engine::mode_unavailable() const {
  if (refused_mode_ && refused_mode_->first != settings_.mode && refused_mode_->second == settings_.mode)
    return refused_mode_->first;
  return std::nullopt;
}

std::string Engine::opencl_description() const {
  if (!cl_) return "OpenCL opens when a mode first needs it";
  if (!cl_->environment) return cl_->no_opencl_reason;
  return cl_->environment->platform_name + " / " + cl_->environment->device_name;
}

Status Engine::load_depth_file(const std::string& path) {
  const auto loaded = load_depth_map(path);
  if (!loaded) return failure(loaded.error());
  return use_as_depth(*loaded, input_name(path));  // "stdin" for "-", in messages and the picture's metadata
}

Status Engine::load_pattern_file(const std::string& path) {
  const auto loaded = load_pattern(path);
  if (!loaded) return failure(loaded.error());
  return use_as_pattern(*loaded, input_name(path));
}

Status Engine::check_fits_textures(int width, int height, int strip_width) const {
  const int max_side = max_texture_side_;
  if (width + strip_width <= max_side && height <= max_side) return {};
  return failure("the stereogram would be " + std::to_string(width + strip_width) + "x" + std::to_string(height) +
         " pixels, and this GL driver's textures stop at " + std::to_string(max_side) +
         " (GL_MAX_TEXTURE_SIZE); use a smaller size or pattern width");
}

Status Engine::use_as_depth(const LoadedImage& image, const std::string& name) {
  // The scene keeps a size of its own (the map is fitted to it), or takes the map's.
  const Size scene = scene_sized_ ? options_.size : Size{image.grey16.width, image.grey16.height};
  if (const Status fits = check_fits_textures(scene.width, scene.height, stereogram_strip_width(settings_.look.stereogram));
      !fits)
    return failure(name + ": as a depth map, " + fits.error());
  still_depth_ = image.grey16;
  depth_is_text_ = false;  // use_text() says otherwise after this
  depth_name_ = name;
  settings_.depth_source = applied_.depth_source = DepthSource::image;
  use_depth_source();
  fit_mode_to_size();
  return {};
}

Status Engine::use_text(const std::string& text) {
  if (text_font_.empty()) {
    Result<std::string> font =
        options_.font_file.empty() ? default_text_font() : Result<std::string>(options_.font_file);
    if (!font) return failure(font.error());
    text_font_ = *font;
  }
  Result<Image<std::uint16_t>> depth = text_depth_map(text, options_.size.width, options_.size.height, text_font_);
  if (!depth) return failure(depth.error());
  LoadedImage image;
  image.grey16 = std::move(*depth);
  if (Status used = use_as_depth(image, "text \"" + printable(text) + "\""); !used) return used;
  text_ = text;
  depth_is_text_ = true;
  return {};
}

Status Engine::load_model(const std::string& file_or_name) {
  if (const BuiltInModel* built_in = find_built_in_model(file_or_name)) return use_model(built_in->make(), built_in->name);
  Result<ModelMesh> mesh = stereocl::load_model(file_or_name);
  if (!mesh) return failure(mesh.error());
  return use_model(*mesh, file_or_name);
}

Status Engine::use_model(const ModelMesh& mesh, const std::string& name) {
  if (mesh.triangle_count() == 0) return failure(name + ": no triangles to draw");
  if (model_) model_->set_model(mesh);
  else model_.emplace(mesh);
  model_name_ = name;
  model_angle_ = 0;
  settings_.depth_source = applied_.depth_source = DepthSource::model;
  use_depth_source();
  fit_mode_to_size();
  return {};
}

// The picture is kept as it came and scaled to P whenever P changes (rebuild_pattern), so P stays
// what the user or the physical units say, and a shrunk pattern can grow again without loss.
Status Engine::use_as_pattern(const LoadedImage& loaded, const std::string& name) {
  pattern_image_ = loaded.rgba;
  ++pattern_images_;
  pattern_name_ = name;
  settings_.look.pattern_kind = PatternKind::image;
  return {};
}

// Makes the scene target the size of the depth source (the --size or --fit scene, else a loaded
// map's own) and fills it from the map where that is the source.
void Engine::use_depth_source() {
  const bool from_image = settings_.depth_source == DepthSource::image && still_depth_;
  const bool map_size = from_image && !scene_sized_;
  const int width = map_size ? still_depth_->width : options_.size.width;
  const int height = map_size ? still_depth_->height : options_.size.height;
  if (!scene_ || scene_->width() != width || scene_->height() != height)
    scene_.emplace(width, height, !mode_row(settings_.mode).makes_stereogram, !from_image);
  if (from_image) upload_still_depth();
}

void Engine::upload_still_depth() {
  if (!still_depth_ || !scene_ || settings_.depth_source != DepthSource::image) return;
  stereocl::upload_still_depth(*still_depth_, settings_.look.depth_fit, settings_.look.invert_depth, *scene_);
}

Engine::PatternRecipe Engine::pattern_recipe() const {
  const LookSettings& look = settings_.look;
  return {.stereogram = look.stereogram,
          .kind = look.pattern_kind,
          .library = look.library_pattern,
          .seed = look.seed + shimmer_frame_,
          .image = pattern_images_};
}

void Engine::rebuild_pattern(const PatternRecipe& recipe) {
  drawn_pattern_ = recipe;
  if (std::optional<RgbaImage> pattern =
          frame_pattern(recipe.stereogram, recipe.kind, recipe.library, recipe.seed, pattern_image_))
    compositor().set_pattern(*pattern);
  // else the scene's: cut from each frame's colour (FrameExecutor)
}

void Engine::apply_settings() {
  reconcile_stereogram();
  if (settings_.look.pattern_kind == PatternKind::image && pattern_image_.empty())
    settings_.look.pattern_kind = applied_.look.pattern_kind;
  settle_group_colours(settings_.look);
  if ((settings_.depth_source == DepthSource::image && !still_depth_) ||
      (settings_.depth_source == DepthSource::model && !model_))
    settings_.depth_source = DepthSource::scene;
  if (settings_.depth_source != applied_.depth_source) use_depth_source();
  reconcile_mode();
  reconcile_mode_algorithm();
  reconcile_pattern();  // random dots take the algorithm's form (group_colours.hpp), so after it
  compositor().resize(scene_->width(), scene_->height(), stereogram_strip_width(settings_.look.stereogram));
  compositor().set_pass(settings_.passes.compose);
  if (settings_.look.invert_depth != applied_.look.invert_depth || settings_.look.depth_fit != applied_.look.depth_fit)
    upload_still_depth();
  // A new seed (R) is a new pattern only: the ball keeps its course, so re-seeding while
  // watching does not make the scene jump.
  physics_.speed = settings_.ball_speed;
  reconcile_interop_sync();
  applied_ = settings_;
}

void Engine::reconcile_stereogram() {
  const auto resolved = resolve_units(settings_.look.stereogram, scene_->width());
  // A value the UI let through but the algorithm cannot take is refused here, keeping the last good one.
  if (resolved) settings_.look.stereogram = *resolved;
  if (!resolved || !validate_for_algorithm(settings_.look.stereogram) ||
      !check_fits_textures(scene_->width(), scene_->height(), stereogram_strip_width(settings_.look.stereogram)))
    settings_.look.stereogram = applied_.look.stereogram;
}

void Engine::reconcile_pattern() {
  // Shimmer: a new random pattern every frame. The depth is unchanged, so the shape holds still
  // while the dots dance -- proof that the picture lives in the repeats, not in the dots.
  const bool shimmering = settings_.shimmer && settings_.look.pattern_kind != PatternKind::image;
  shimmer_frame_ = shimmering ? shimmer_frame_ + 1 : 0;
  if (const PatternRecipe recipe = pattern_recipe(); recipe != drawn_pattern_) rebuild_pattern(recipe);
}

void Engine::reconcile_mode() {
  // A mode picked on the panel that cannot run keeps the last one; a size the current mode cannot
  // hold leaves it for one that can. The first mode that needs OpenCL opens it, and only then is
  // it known whether that mode runs: where not, the user is told, and the best mode that runs takes over.
  if (!cl_ && !mode_row(settings_.mode).kernels_on_cpu) {
    open_opencl_now();
    if (const Mode wanted = settings_.mode; !availability_.available(wanted))
      notices_.say(leave_mode(wanted, fallback_mode(wanted, availability_), request_mode(wanted, availability_).error()));
  }
  if (!availability_.available(settings_.mode)) settings_.mode = applied_.mode;
  fit_mode_to_size();
  // The panel's medians describe the mode on screen, not a mix with the one before.
  if (settings_.mode != applied_.mode) timings_.clear();
}

// A mode that runs one algorithm only (GL compute: symmetric) runs it whatever the setting says,
// and the algorithm chosen before comes back when the mode is left. The setting itself changes,
// so that the strip, the sampling, the panel and the saved pictures' metadata all follow it.
void Engine::reconcile_mode_algorithm() {
  const std::optional<StereogramAlgorithm> only = mode_row(settings_.mode).only_algorithm;
  if (!only) {
    if (chosen_algorithm_) settings_.look.stereogram.algorithm = *std::exchange(chosen_algorithm_, std::nullopt);
    return;
  }
  if (settings_.look.stereogram.algorithm == *only) return;
  // Entering the mode, or a choice made in it (a preset): the last one comes back.
  chosen_algorithm_ = settings_.look.stereogram.algorithm;
  notices_.say(std::string(mode_display_name(settings_.mode)) + " mode runs the " + stereogram_algorithm_name(*only) +
               " algorithm only; " + stereogram_algorithm_name(*chosen_algorithm_) + " comes back when you leave it");
  settings_.look.stereogram.algorithm = *only;
}

void Engine::reconcile_interop_sync() {
  if (!sync_supported(settings_.sync(), opencl_environment())) settings_.interop_sync = applied_.interop_sync;
}

// What the back-ends said since the last frame: every line to stderr, the first the user should
// know about on the panel.
// An OpenCL call that fails mid-frame (out of device memory, a limit the driver did not report)
// must not end the program: the error is named, and the frame loop goes on in the last mode that
// worked, or in CPU mode, which needs no OpenCL.
Status Engine::render_frame(double seconds) {
  try {
    Status drawn = render_frame_unguarded(seconds);
    if (drawn) last_good_mode_ = settings_.mode;
    return drawn;
  } catch (const cl::Error& error) {
    return leave_failing_mode(std::string(error.what()) + " returned " + cl_error_name(error.err()));
  } catch (const KernelBuildError& error) {
    // Kernels an effect needs are built on its first frame, so a driver that cannot compile one is
    // met here, mid-run, and handled as any other OpenCL failure.
    notices_.log(error.what());
    return leave_failing_mode("kernel " + error.file() + " did not build (the build log is on stderr)");
  }
}

Status Engine::leave_failing_mode(const std::string& what_failed) {
  const Mode failed = settings_.mode;
  if (!mode_row(failed).makes_stereogram) {
    // Scene mode used OpenCL only for its effect and histogram (a picture over the device's
    // limits, say): it stays, and the CPU runs those from now on.
    backends_[static_cast<std::size_t>(failed)] = std::make_unique<CpuBackend>(options_.cpu_threads);
    return failure(std::string(mode_display_name(failed)) + " mode's effects and histogram failed in OpenCL: " +
                   what_failed + "; the CPU runs them from now on");
  }
  const Mode replacement = last_good_mode_ != failed ? last_good_mode_ : Mode::cpu;
  const std::string why = std::string(mode_display_name(failed)) + " mode failed: " + what_failed;
  return failure(leave_mode(failed, replacement, why));  // the caller shows it
}

Status Engine::render_frame_unguarded(double seconds) {
  executor_.collect_gl_times(timings_);
  apply_settings();
  reveal_ = step_reveal(reveal_, settings_.reveal, seconds);
  Backend& backend = backend_for(settings_.mode);
  const FramePlan plan = backend.plan(frame_request(backend), *scene_, settings_.look.stereogram);
  const FrameInputs inputs{settings_.look.stereogram,   pattern_sampling(),   settings_.look.effect,
                           settings_.sync(), settings_.passes.debug_view, seconds,
                           [this](SceneTarget& target, GLuint depth_buffer, double moved) {
                             draw_depth(target, depth_buffer, moved);
                           },
                           scene_pattern(),        reveal_};
  return executor_.run(plan, backend, inputs, scene_, timings_);
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
          .pipelining = pipelining(),
          .continues = executor_.continues(backend)};
}

PatternSampling Engine::pattern_sampling() const {
  return algorithm_row(settings_.look.stereogram.algorithm).whole_pattern_pixels ? PatternSampling::whole_pixels
                                                                            : PatternSampling::linear;
}

bool Engine::scene_pattern() const {
  return mode_row(settings_.mode).makes_stereogram && settings_.look.pattern_kind == PatternKind::library &&
         settings_.look.library_pattern->from_scene();
}

void Engine::draw_depth(SceneTarget& target, GLuint depth_buffer, double seconds) {
  AnimatedDepth sources{physics_, scene_renderer_, model_ ? &*model_ : nullptr, model_angle_};
  const std::optional<DepthPass> depth_only =
      mode_row(settings_.mode).makes_stereogram ? std::optional(settings_.passes.depth_pass) : std::nullopt;
  const DepthDraw draw{target,       depth_buffer, settings_.paused ? 0.0 : seconds, settings_.ball_speed,
                       settings_.look.invert_depth, depth_only, scene_pattern() || settings_.reveal || reveal_ > 0.f};
  if (auto* const draw_source = depth_source_row(settings_.depth_source).draw) draw_source(sources, draw);
}

Result<HandoverFloor> Engine::handover_floor(Mode mode, std::optional<SyncStrategy> sync, int frames) {
  open_opencl_now();
  if (const auto reason = availability_.reason(mode)) return failure(*reason);
  Backend* backend = backends_[static_cast<std::size_t>(mode)].get();
  if (!backend) return failure(std::string(mode_row(mode).display_name) + " has no back-end here");
  if (sync)
    if (const Status supported = sync_supported(*sync, opencl_environment()); !supported) return failure(supported.error());
  return backend->handover_floor(frames, sync.value_or(settings_.sync()));
}

Status Engine::resize_scene(Size size) {
  if (size == options_.size) return {};
  if (Status fits = check_fits_textures(size.width, size.height, stereogram_strip_width(settings_.look.stereogram)); !fits)
    return fits;
  options_.size = size;
  scene_sized_ = true;
  use_depth_source();
  fit_mode_to_size();
  return {};
}

void Engine::present(int framebuffer_width, int framebuffer_height, std::optional<Rect> to, float ui_scale) {
  if (settings_.blank) {  // the frames go on being made, so unblanking shows the current one at once
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glViewport(0, 0, framebuffer_width, framebuffer_height);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    return;
  }
  const DisplayImage& shown = executor_.shown();
  const Rect where = to.value_or(fit_centred(shown.width, shown.height, framebuffer_width, framebuffer_height));
  stereocl::present(shown.framebuffer, shown.width, shown.height, framebuffer_width, framebuffer_height, where);
  if (!settings_.stage.convergence_dots || !showing_stereogram_) return;
  const float dot_scale = convergence_dot_scale(settings_.stage, ui_scale);
  dots_.draw(convergence_dot_layout(where, shown.width, applied_.look.stereogram.pattern_width, framebuffer_height, dot_scale),
             framebuffer_width, framebuffer_height);
}

RgbaImage Engine::final_image() const {
  const DisplayImage& shown = executor_.shown();
  RgbaImage image = read_rgba(shown.framebuffer, GL_COLOR_ATTACHMENT0, shown.width, shown.height);
  flip_rows(image);
  return image;
}

RgbaImage Engine::saved_image() const {
  if (!settings_.stage.guide_dots || !showing_stereogram_) return final_image();
  return picture_with_guide_dots(executor_.shown(), applied_.look.stereogram.pattern_width, dots_, guide_picture_);
}

}  // namespace stereocl
