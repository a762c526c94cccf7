#pragma once
// The frame: the scene (or a still depth map), the pattern, the stereogram step of the current
// mode, the effect and the histogram, timed stage by stage. The main loop calls render_frame()
// and present() and stays free of all of this. Which modes run and OpenCL are ModeBackends'
// (pipeline/mode_backends.hpp), the depth sources' inputs SceneSources'
// (pipeline/sources/scene_sources.hpp); the window's state (blanking, keys, panel) is the
// window session's (app/window_session.hpp).
#include "pipeline/demo_settings.hpp"
#include "pipeline/mode_backends.hpp"
#include "pipeline/sources/image_roles.hpp"
#include "pipeline/sources/pattern_source.hpp"
#include "pipeline/sources/scene_sources.hpp"
#include "pipeline/plan/frame_executor.hpp"
#include "pipeline/plan/stage_timings.hpp"
#include "core/image.hpp"
#include "core/result.hpp"
#include "render/colour_target.hpp"
#include "render/convergence_dots.hpp"
#include "render/debug_output.hpp"
#include "files/picture/image_file.hpp"

#include <optional>
#include <string>

namespace stereocl {

// The panel's histogram is recomputed on one frame in this many (the panel says so).
inline constexpr std::uint64_t kPanelHistogramEvery = 4;

class Engine {
 public:
  // Throws InputError for problems the demo cannot start with (a bad --depth or --pattern file):
  // the caller prints it and exits 2. `options` come from the command line (config/options.hpp: Options is a Settings).
  // `cl` is what open_opencl() found; modes it cannot serve are disabled with the reason.
  Engine(const Settings& options, ClSetup cl);
  // The same, with OpenCL opened by `open_cl` when a mode first needs it (every mode but CPU):
  // until then the OpenCL modes count as available; the first switch to one opens it, and where
  // it cannot serve that mode the engine says so and runs the best mode that can (take_notices()).
  Engine(const Settings& options, ClOpener open_cl);
  ~Engine();

  DemoSettings& settings() { return settings_; }
  const DemoSettings& settings() const { return settings_; }
  // The modes that run here, their back-ends and OpenCL; a key that asks for one that cannot run
  // notes it there (ModeBackends::note_refused) so the title names it.
  ModeBackends& modes() { return modes_; }
  const ModeBackends& modes() const { return modes_; }
  // Opens OpenCL now if it is not yet (-v and --bench report on every mode); see the constructor.
  void open_opencl_now();
  // A frame's stage times; the caller closes each frame's sample with the time it measured
  // (end_frame), and a benchmark replaces them to keep every sample.
  StageTimings& timings() { return timings_; }
  const StageTimings& timings() const { return timings_; }
  const Histogram256& last_histogram() const { return executor_.histogram(); }
  // The monitor's pixels per inch, where physical units start when the panel switches them on.
  double screen_dpi() const { return options_.screen_dpi; }

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
  // --bench: the hand-over floor (pipeline/interop/handover_floor.hpp) of `mode`'s back-end, GPU mode's
  // with `sync`. Fails, saying why, where the mode does not run here or hands nothing over.
  Result<HandoverFloor> handover_floor(Mode mode, std::optional<SyncStrategy> sync, int frames);
  // What --screenshot, S and --record save: the final image at native size, top row first, with
  // --guide-dots the convergence dots in a band above it (render/guide_dots_picture.hpp) while a
  // stereogram is shown.
  RgbaImage saved_image() const;

  // What the depth sources and the pattern were loaded from, and the scene's size.
  const SceneSources& sources() const { return sources_; }
  const PatternSource& pattern() const { return pattern_; }
  // A decoded depth map or pattern; on failure changes nothing. `name` is for messages. A depth
  // map switches settings().depth_source to it, a pattern the pattern kind to image.
  Status use_as_depth(const LoadedImage& image, const std::string& name);
  Status use_as_pattern(const LoadedImage& image, const std::string& name);
  // A model on the turntable, switching settings().depth_source to it; on failure changes nothing.
  Status use_model(const ModelMesh& mesh, const std::string& name);
  // --text and the panel's text field: the word as the depth map, at the scene size
  // (core/text_depth.hpp); on failure changes nothing.
  Status use_text(const std::string& text);
  // A preset's look: its mode (where it runs, else the best that does, said by take_notices()),
  // algorithm, P and M, pattern, depth map, hidden text or scene, seed, inversion and effect, as the command
  // line sets them at start. On failure (a file it names cannot be used) no setting changes.
  // `images` are the look's files, decoded beforehand (load_look_images, off the main thread).
  Status use_look(const Settings& look, const LookImages& images);
  // What the engine has to say since the last call, oldest first (core/notices.hpp): a mode it
  // left and why (a size its images cannot hold), a fallback it took, a clean-up that failed. The
  // engine prints nothing: the app prints every line and shows those for the audience on the
  // panel. Lines nobody takes are printed when the engine goes.
  std::vector<Notices::Line> take_notices() { return notices_.take(); }

 private:
  // The constructor's steps beyond its members; throws InputError for a start file that fails.
  void start(std::optional<ClSetup> cl);
  // Each frame: every setting changed since the last one is acted on, or, where it cannot be
  // used, given back its applied_ value.
  void apply_settings();
  void reconcile_stereogram();
  void reconcile_pattern();  // draws the pattern again where its inputs changed
  Status render_frame_unguarded(double seconds);
  // What the executor and the back-end need to know to plan this frame; also sets
  // showing_stereogram_ and paces the panel's histogram.
  FrameRequest frame_request(const Backend& backend);
  StereogramSize stereogram_size() const;
  // After a source was taken: the frame draws it from now on, in a scene its size.
  void switch_depth_source(DepthSource source);

  // First, so that it goes last: what the back-ends say while they are torn down still reaches stderr.
  Notices notices_;
  GlDebugOutput gl_debug_output_{notices_};
  Settings options_;  // what it started with, hand-overs as asked
  DemoSettings settings_;
  DemoSettings applied_;
  ModeBackends modes_;
  SceneSources sources_;
  PatternSource pattern_;
  FrameExecutor executor_;
  StageTimings timings_;
  mutable ConvergenceDots dots_;       // drawn into saved pictures too: a GL pass, not state
  mutable ColourTarget guide_picture_;  // scratch for --guide-dots
  bool showing_stereogram_ = false;  // the dots only make sense over one
  float reveal_ = 0.f;  // how far the reveal has faded in (render/reveal_blend.hpp)
  std::uint64_t frames_rendered_ = 0;  // while the panel shows: paces its histogram
};

}  // namespace stereocl
