#include "app/demo.hpp"

#include "compute/cl_program.hpp"
#include "render/depth_map.hpp"
#include "render/image_file.hpp"
#include "render/pixel_transfer.hpp"
#include "render/presenter.hpp"

#include <cstdio>
#include <stdexcept>

namespace stereocl {

Demo::Demo(const Options& options, ClSetup cl)
    : options_(options),
      physics_(BallPhysics::from_seed(options.seed)),
      cpu_pipeline_(options.cpu_threads) {
  settings_.stereogram = options.stereogram;
  settings_.pattern_kind = options.colour_pattern ? PatternKind::random_colour : PatternKind::random_grey;
  settings_.seed = options.seed;
  settings_.invert_depth = options.invert_depth;
  settings_.effect = EffectSettings{options.effect, options.blur_radius, options.blur_clamp};
  settings_.histogram_enabled = !options.histogram_file.empty();
  settings_.vsync = options.vsync;
  settings_.show_panel = options.show_panel;

  set_up_opencl(std::move(cl));
  settings_.mode = fallback_mode(options.mode, availability_);
  if (settings_.mode != options.mode && options.mode_given)
    std::fprintf(stderr, "stereocl: %s; running %s mode instead\n",
                 std::get<std::string>(request_mode(options.mode, availability_)).c_str(),
                 std::string(mode_display_name(settings_.mode)).c_str());

  if (!options.pattern_file.empty()) {
    if (auto error = load_pattern_file(options.pattern_file)) throw InputError(*error);
  }
  if (!options.depth_file.empty()) {
    if (auto error = load_depth_file(options.depth_file)) throw InputError(*error);
  } else {
    scene_.emplace(options.size.width, options.size.height);
  }
  rebuild_pattern();
  compositor_.resize(scene_->width(), scene_->height(), settings_.stereogram.pattern_width);
  applied_ = settings_;
}

Demo::~Demo() { release_shared_textures(); }

void Demo::set_up_opencl(ClSetup cl) {
  cl_ = std::move(cl);
  if (!cl_->environment) {
    availability_.disable(Mode::cpu_readback, cl_->no_opencl_reason);
    availability_.disable(Mode::gpu, cl_->no_opencl_reason);
    return;
  }
  ClEnvironment& environment = *cl_->environment;
  try {
    kernels_.emplace(environment.context, environment.device, options_.stereogram,
                     options_.fast_stereogram_kernel ? StereogramKernelKind::fast : StereogramKernelKind::classic);
  } catch (const KernelBuildError& error) {
    std::fprintf(stderr, "stereocl: %s\n", error.what());
    const std::string reason = "OpenCL kernel " + error.file() + " failed to build on " + environment.device_name +
                               " (the build log is on stderr)";
    availability_.disable(Mode::cpu_readback, reason);
    availability_.disable(Mode::gpu, reason);
    return;
  } catch (const std::exception& error) {
    availability_.disable(Mode::cpu_readback, std::string("OpenCL set-up failed: ") + error.what());
    availability_.disable(Mode::gpu, std::string("OpenCL set-up failed: ") + error.what());
    return;
  }
  readback_pipeline_.emplace(environment, *kernels_);
  if (environment.shares_gl) shared_pipeline_.emplace(environment, *kernels_);
  else availability_.disable(Mode::gpu, cl_->no_sharing_reason);
}

std::string Demo::opencl_description() const {
  if (!cl_ || !cl_->environment) return cl_ ? cl_->no_opencl_reason : "OpenCL not set up";
  return cl_->environment->platform_name + " / " + cl_->environment->device_name;
}

void Demo::release_shared_textures() {
  if (shared_pipeline_) shared_pipeline_->release_shared_textures();
}

std::optional<std::string> Demo::load_depth_file(const std::string& path) {
  auto loaded = load_image(path);
  if (auto* reason = std::get_if<std::string>(&loaded)) return *reason;
  still_depth_ = depth_from_grey(std::get<LoadedImage>(loaded).grey16, false);
  if (!scene_ || scene_->width() != still_depth_->width || scene_->height() != still_depth_->height) {
    release_shared_textures();
    scene_.emplace(still_depth_->width, still_depth_->height);
  }
  upload_still_depth();
  return std::nullopt;
}

std::optional<std::string> Demo::load_pattern_file(const std::string& path) {
  auto loaded = load_image(path);
  if (auto* reason = std::get_if<std::string>(&loaded)) return *reason;
  RgbaImage image = std::move(std::get<LoadedImage>(loaded).rgba);
  StereogramParams params = settings_.stereogram;
  params.pattern_width = image.width;
  if (auto reason = validate(params))
    return path + ": as a pattern its width becomes the pattern width, and " + *reason;
  flip_rows(image);
  pattern_image_ = std::move(image);
  settings_.stereogram = params;
  settings_.pattern_kind = PatternKind::image;
  return std::nullopt;
}

void Demo::use_scene_depth() { still_depth_.reset(); }

void Demo::upload_still_depth() {
  if (!still_depth_ || !scene_) return;
  DepthImage depth = *still_depth_;
  if (settings_.invert_depth)
    for (float& d : depth.pixels) d = 1.0f - d;
  RgbaImage picture = visualise_depth(depth);
  flip_rows(depth);  // files are top row first, GL textures bottom row first
  flip_rows(picture);
  upload_texture(scene_->depth_texture(), depth);
  upload_texture(scene_->colour_texture(), picture);
}

void Demo::rebuild_pattern() {
  switch (settings_.pattern_kind) {
    case PatternKind::random_grey:
    case PatternKind::random_colour: {
      const int width = settings_.stereogram.pattern_width;
      compositor_.set_pattern(make_random_pattern(width, generated_pattern_height(width),
                                                  settings_.pattern_kind == PatternKind::random_colour, settings_.seed));
      break;
    }
    case PatternKind::image:
      compositor_.set_pattern(pattern_image_);
      break;
  }
}

void Demo::apply_settings() {
  // A value the UI let through but the algorithm cannot take is refused here, keeping the last good one.
  if (validate(settings_.stereogram)) settings_.stereogram = applied_.stereogram;
  if (settings_.pattern_kind == PatternKind::image) {
    if (pattern_image_.empty()) settings_.pattern_kind = applied_.pattern_kind;
    else settings_.stereogram.pattern_width = pattern_image_.width;
  }
  if (!availability_.available(settings_.mode)) settings_.mode = applied_.mode;

  const bool pattern_changed = settings_.stereogram.pattern_width != applied_.stereogram.pattern_width ||
                               settings_.pattern_kind != applied_.pattern_kind || settings_.seed != applied_.seed;
  if (pattern_changed) rebuild_pattern();
  if (compositor_.needs_resize(scene_->width(), scene_->height(), settings_.stereogram.pattern_width)) {
    release_shared_textures();
    compositor_.resize(scene_->width(), scene_->height(), settings_.stereogram.pattern_width);
  }
  if (settings_.invert_depth != applied_.invert_depth) upload_still_depth();
  if (settings_.seed != applied_.seed && !still_depth_) {
    const BallPhysics restarted = BallPhysics::from_seed(settings_.seed);
    physics_.state = restarted.state;
  }
  physics_.speed = settings_.ball_speed;
  applied_ = settings_;
}

Pipeline* Demo::pipeline_for(Mode mode) {
  switch (mode) {
    case Mode::scene:  // effects on the scene run on the best engine there is
      if (shared_pipeline_) return &*shared_pipeline_;
      if (readback_pipeline_) return &*readback_pipeline_;
      return &cpu_pipeline_;
    case Mode::cpu: return &cpu_pipeline_;
    case Mode::cpu_readback: return &*readback_pipeline_;
    case Mode::gpu: return &*shared_pipeline_;
  }
  return &cpu_pipeline_;
}

void Demo::render_frame(double seconds) {
  gl_timer_.collect([this](int stage, double ms) { timings_.add(static_cast<Stage>(stage), ms); });
  apply_settings();

  if (!still_depth_) {
    if (!settings_.paused) physics_.advance(seconds);
    gl_timer_.begin(static_cast<int>(Stage::render));
    scene_renderer_.render(physics_, settings_.invert_depth, *scene_);
    gl_timer_.end();
  }

  Pipeline* pipeline = pipeline_for(settings_.mode);
  DisplayImage image{scene_->framebuffer(), scene_->colour_texture(), scene_->width(), scene_->height()};
  if (settings_.mode != Mode::scene) {
    pipeline->compute_offsets(*scene_, settings_.stereogram, compositor_, timings_);
    gl_timer_.begin(static_cast<int>(Stage::compose));
    compositor_.compose();
    gl_timer_.end();
    image = compositor_.output();
  }
  if (settings_.effect.effect != Effect::none) {
    if (effect_target_.width() != image.width || effect_target_.height() != image.height) {
      release_shared_textures();
      effect_target_ = ColourTarget(image.width, image.height);
    }
    pipeline->apply_effect(settings_.effect, image, effect_target_, timings_);
    image = effect_target_.display();
  }
  if (settings_.histogram_enabled) histogram_ = pipeline->histogram(image, timings_);
  displayed_ = image;
}

void Demo::present(int framebuffer_width, int framebuffer_height) const {
  stereocl::present(displayed_.framebuffer, displayed_.width, displayed_.height, framebuffer_width, framebuffer_height);
}

RgbaImage Demo::final_image() const {
  RgbaImage image = read_rgba(displayed_.framebuffer, GL_COLOR_ATTACHMENT0, displayed_.width, displayed_.height);
  flip_rows(image);
  return image;
}

}  // namespace stereocl
