#pragma once
// The demo itself: the scene (or a still depth map), the pattern, the stereogram step of the
// current mode, the effect and the histogram, timed stage by stage. The main loop calls
// render_frame() and present() and stays free of all of this.
#include "pipeline/demo_settings.hpp"
#include "pipeline/sources/image_roles.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/plan/frame_executor.hpp"
#include "pipeline/backends/image_limit.hpp"
#include "pipeline/mode_table.hpp"
#include "pipeline/plan/stage_timings.hpp"
#include "compute/cl/cl_environment.hpp"
#include "pipeline/backends/cl_kernels.hpp"
#include "core/image.hpp"
#include "core/result.hpp"
#include "core/ball_physics.hpp"
#include "render/colour_target.hpp"
#include "render/convergence_dots.hpp"
#include "render/debug_output.hpp"
#include "render/guide_dots_picture.hpp"
#include "files/picture/image_file.hpp"
#include "render/scene_renderer.hpp"
#include "render/scene_target.hpp"
#include "render/stereogram_compositor.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace stereocl {

// The panel's histogram is recomputed on one frame in this many (the panel says so).
inline constexpr std::uint64_t kPanelHistogramEvery = 4;

// Opens OpenCL for the engine (app/: open_opencl() with the window's GL handles).
using ClOpener = std::function<ClSetup()>;

class Engine {
 public:
  // Throws InputError for problems the demo cannot start with (a bad --depth or --pattern file):
  // the caller prints it and exits 2. `options` come from the command line (config/options.hpp: Options is a Settings).
  // `cl` is what open_opencl() found; modes it cannot serve are disabled with the reason.
  Engine(const Settings& options, ClSetup cl);
  // The same, with OpenCL opened by `open_cl` when a mode first needs it (every mode but CPU):
  // loading the drivers and building the kernels was most of a CPU-mode run's start. Until then
  // the OpenCL modes count as available; the first switch to one opens it, and where it cannot
  // serve that mode the engine says so and runs the best mode that can (take_notices()).
  Engine(const Settings& options, ClOpener open_cl);
  ~Engine();

  DemoSettings& settings() { return settings_; }
  const DemoSettings& settings() const { return settings_; }
  const ModeAvailability& availability() const { return availability_; }
  // The mode last asked for (command line, preset, key) or left (a size, a failure) that cannot
  // run, while the mode running in its place is still on; nullopt otherwise. The window's title
  // names both, so the mode running is known with the panel hidden.
  std::optional<Mode> mode_unavailable() const;
  // A key asked for `mode`, which cannot run here; the mode running stays.
  void note_refused_mode(Mode mode) { refused_mode_ = {mode, settings_.mode}; }
  const StageTimings& timings() const { return timings_; }
  // Drops all samples; window 0 keeps every later sample (benchmarks), else the last `window`.
  void reset_timings(std::size_t window) { timings_ = StageTimings(window); }
  const Histogram256& last_histogram() const { return executor_.histogram(); }
  // "<platform> / <device>" as OpenCL names them, or why there is no OpenCL.
  std::string opencl_description() const;
  // Opens OpenCL now if it is not yet (-v and --bench report on every mode); see the constructor.
  void open_opencl_now();
  bool opencl_opened() const { return cl_.has_value(); }
  const ClEnvironment* opencl_environment() const { return cl_ && cl_->environment ? &*cl_->environment : nullptr; }
  bool gl_sharing() const { return cl_ && cl_->environment && cl_->environment->shares_gl; }
  // Whether this mode shows frame N - 1 while GL draws N: the setting, else the mode's default.
  bool pipelining() const { return settings_.passes.pipeline.value_or(mode_row(settings_.mode).pipelines_by_default); }
  int scene_width() const { return scene_->width(); }
  // The monitor's pixels per inch, where physical units start when the panel switches them on.
  double screen_dpi() const { return options_.screen_dpi; }
  int scene_height() const { return scene_->height(); }

  // Advances the ball by `seconds` and draws everything but the window. Fails when the mode's
  // back-end could not make this frame (the picture is then the previous one).
  Status render_frame(double seconds);
  // Shows the current image in the window's framebuffer at `to` (default: 1:1, centred), with
  // the convergence dots above a stereogram when they are on, sized for `ui_scale`.
  void present(int framebuffer_width, int framebuffer_height, std::optional<Rect> to = std::nullopt,
               float ui_scale = 1.0f);
  // The size of the image present() shows (the last frame's): the stereogram with its strip.
  Size picture_size() const { return {executor_.shown().width, executor_.shown().height}; }
  // Makes the --size scene this size (--fit); fails, changing nothing, where textures cannot hold it.
  // A loaded depth map is fitted to it from then on (settings().depth_fit).
  Status resize_scene(Size size);
  // Closes the frame's timing sample with the frame time measured by the caller.
  void end_frame(double frame_milliseconds) { timings_.end_frame(frame_milliseconds); }

  // --bench: the hand-over floor (pipeline/interop/handover_floor.hpp) of `mode`'s back-end, GPU mode's
  // with `sync`. Fails, saying why, where the mode does not run here or hands nothing over.
  Result<HandoverFloor> handover_floor(Mode mode, std::optional<SyncStrategy> sync, int frames);

  // The final image at native size, top row first, without any UI.
  RgbaImage final_image() const;
  // What --screenshot, S and --record save: the final image, with --guide-dots the convergence
  // dots in a band above it (render/guide_dots_picture.hpp) while a stereogram is shown.
  RgbaImage saved_image() const;
  // The files behind the depth map and the pattern ("" for the scene and random dots), for the
  // saved pictures' text chunks.
  const std::string& depth_name() const { return depth_name_; }
  const std::string& pattern_name() const { return pattern_name_; }

  // Loads a depth map or pattern from a file; on failure changes nothing.
  // A depth map switches settings().depth_source to it, a pattern the pattern kind to image.
  Status load_depth_file(const std::string& path);
  Status load_pattern_file(const std::string& path);
  // The same for an image already decoded; `name` is for messages.
  Status use_as_depth(const LoadedImage& image, const std::string& name);
  Status use_as_pattern(const LoadedImage& image, const std::string& name);
  // --model: a model file (OBJ, glTF/GLB, PLY, STL) or a built-in model's name, on the turntable;
  // switches settings().depth_source to it. On failure changes nothing.
  Status load_model(const std::string& file_or_name);
  Status use_model(const ModelMesh& mesh, const std::string& name);
  bool has_model() const { return model_.has_value(); }
  const std::string& model_name() const { return model_name_; }
  // --text and the panel's text field: the word as the depth map, at the scene size
  // (core/text_depth.hpp); on failure changes nothing.
  Status use_text(const std::string& text);
  const std::string& text() const { return text_; }  // the last text used, "" before one
  bool depth_is_text() const { return depth_is_text_; }  // the depth map is that word's
  // A preset's look: its mode (where it runs, else the best that does, said by take_notices()),
  // algorithm, P and M, pattern, depth map, hidden text or scene, seed, inversion and effect, as the command
  // line sets them at start. On failure (a file it names cannot be used) no setting changes.
  // `images` are the look's files, decoded beforehand (load_look_images, off the main thread).
  Status use_look(const Settings& look, const LookImages& images);
  bool has_depth_image() const { return still_depth_.has_value(); }
  // Whether the scene has a size of its own that a depth map is fitted to (--size, --fit).
  bool scene_sized() const { return scene_sized_; }
  bool has_pattern_image() const { return !pattern_image_.empty(); }
  // What the engine has to say since the last call, oldest first (core/notices.hpp): a mode it
  // left and why (a size its images cannot hold), a fallback it took, a clean-up that failed. The
  // engine prints nothing: the app prints every line and shows those for the audience on the
  // panel. Lines nobody takes are printed when the engine goes.
  std::vector<Notices::Line> take_notices() { return notices_.take(); }

 private:
  // The constructor's steps beyond a look; the last two throw InputError.
  void start(const Settings& options, std::optional<ClSetup> cl);
  void note_passes_without_compute();  // a depth or compose pass this GL cannot run
  void fit_settings_to_engines(const Settings& options);  // --mode where the engines cannot serve it
  void fit_sync_to_opencl(std::optional<SyncStrategy> asked);  // --interop-sync where OpenCL cannot serve it
  Engines engines_before_opencl();
  void set_up_without_opencl();  // until a mode needs it: the OpenCL modes count as available
  void load_start_files(const Settings& options);         // --pattern and --depth
  void make_size_scene(const Settings& options);          // where no --depth map made the scene
  void apply_settings();
  // apply_settings()'s groups: each keeps applied_'s value where the new one cannot be used and
  // acts on what changed since.
  void reconcile_stereogram();
  void reconcile_pattern();
  void reconcile_mode();
  void reconcile_mode_algorithm();
  void reconcile_interop_sync();
  void take_look(const Settings& look);  // the settings of a look that need no file
  // Fails unless a (width + strip) x height stereogram fits the driver's textures.
  Status check_fits_textures(int width, int height, int strip_width) const;
  int max_texture_side_ = 0;  // GL_MAX_TEXTURE_SIZE, a constant of the context: asked once
  void upload_still_depth();
  void use_depth_source();
  Backend& backend_for(Mode mode) { return *backends_[static_cast<std::size_t>(mode)]; }
  void set_up_opencl(ClSetup cl);
  // Greys the modes whose device images cannot hold the current size, and leaves one of them
  // for the best mode that can, saying why.
  void fit_mode_to_size();
  std::string leave_mode(Mode mode, Mode replacement, const std::string& why);  // returns what to say
  Status render_frame_unguarded(double seconds);
  // Leaves the mode whose OpenCL work failed (what_failed says how) for the last mode that worked.
  Status leave_failing_mode(const std::string& what_failed);
  // What the executor and the back-end need to know to plan this frame; also sets
  // showing_stereogram_ and paces the panel's histogram.
  FrameRequest frame_request(const Backend& backend);
  // Moves the ball by `seconds` and draws its depth (and colour, in Scene mode) into `target`, or
  // into `depth_buffer` where it is not 0 (a plan's shared buffers).
  void draw_depth(SceneTarget& target, GLuint depth_buffer, double seconds);
  StereogramCompositor& compositor() { return executor_.compositor(); }
  const StereogramCompositor& compositor() const { return executor_.compositor(); }
  PatternSampling pattern_sampling() const;
  bool scene_pattern() const;  // --pattern scene, in a mode that makes a stereogram

  // First, so that it goes last: what the back-ends say while they are torn down still reaches stderr.
  Notices notices_;
  GlDebugOutput gl_debug_output_{notices_};
  Settings options_;  // what it started with, hand-overs as asked; the size follows resize_scene()
  DemoSettings settings_;
  DemoSettings applied_;
  ModeAvailability engine_availability_;  // what the engines allow at any size
  ModeAvailability availability_;         // ... and at the current size
  ImageLimit image_limit_;
  Mode last_good_mode_ = Mode::cpu;  // the mode of the last frame that worked
  std::optional<std::pair<Mode, Mode>> refused_mode_;  // a mode asked for, and the one run instead
  // The algorithm chosen before a mode that runs one of its own (ModeRow::only_algorithm) took
  // over; nullopt outside such a mode, and where it took over nothing.
  std::optional<StereogramAlgorithm> chosen_algorithm_;
  BallPhysics physics_;
  SceneRenderer scene_renderer_;
  std::optional<ModelRenderer> model_;  // the last model loaded: the model source draws it
  float model_angle_ = 0;
  std::string model_name_;
  std::optional<SceneTarget> scene_;  // remade when a depth file of another size arrives
  // 16-bit grey, top row first, as loaded, before it is fitted to the scene: half the bytes of
  // the float depth it stands for, which only the scene target holds whole.
  std::optional<Image<std::uint16_t>> still_depth_;
  // Whether the scene has a size of its own (--size, --fit) that a depth map is fitted to; if not,
  // a map makes the scene its size.
  bool scene_sized_ = options_.size_given || options_.fit;
  bool depth_is_text_ = false;
  RgbaImage pattern_image_;  // a --pattern or dropped file, at its own size, top row first
  std::uint64_t pattern_images_ = 0;  // counts them: a new one is a new pattern
  // Everything the pattern is drawn from (rebuild_pattern reads nothing else), as it was last
  // drawn: a change to any of it draws it again, so no list of changes can forget one.
  struct PatternRecipe {
    StereogramParams stereogram;  // P, the algorithm's dot groups, the dots' size
    PatternKind kind{};
    const PatternRow* library = nullptr;
    std::uint32_t seed = 0;  // the shimmer's frame added
    std::uint64_t image = 0;  // pattern_images_ at the time
    friend bool operator==(const PatternRecipe&, const PatternRecipe&) = default;
  };
  PatternRecipe pattern_recipe() const;
  void rebuild_pattern(const PatternRecipe& recipe);
  std::optional<PatternRecipe> drawn_pattern_;
  FrameExecutor executor_;
  std::optional<ClSetup> cl_;  // empty until OpenCL is opened
  ClOpener open_cl_;
  std::optional<ClKernels> kernels_;
  std::array<std::unique_ptr<Backend>, kModeCount> backends_;  // made for the modes that can run
  StageTimings timings_;
  mutable ConvergenceDots dots_;       // drawn into saved pictures too: a GL pass, not state
  mutable ColourTarget guide_picture_;  // scratch for --guide-dots
  std::string depth_name_, pattern_name_;
  std::string text_;
  std::string text_font_;  // --font, or fontconfig's answer, asked once: the panel redraws the text each keystroke
  bool showing_stereogram_ = false;  // the dots only make sense over one
  std::uint32_t shimmer_frame_ = 0;
  float reveal_ = 0.f;  // how far the reveal has faded in (render/reveal_blend.hpp)
  std::uint64_t frames_rendered_ = 0;  // while the panel shows: paces its histogram
};

}  // namespace stereocl
