#include "app/headless_depth.hpp"

#include "config/users_terms.hpp"
#include "core/ball_physics.hpp"
#include "files/model/built_in_models.hpp"
#include "files/model/model_mesh.hpp"
#include "pipeline/sources/depth_sources.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"
#include "ui/headless_gl.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>

namespace stereocl {
namespace {

// What the window's loop advances a frame by when --frames is given.
constexpr double kFrameSeconds = 1.0 / 60.0;

Result<ModelMesh> start_model(const std::string& file_or_name) {
  if (const BuiltInModel* built_in = find_built_in_model(file_or_name)) return built_in->make();
  return load_model(file_or_name);
}

// Moves the source through --frames frames as the window would, draws the last, and reads its
// depth (and lit colour: drawn as a stereogram mode draws it for --pattern scene). The frames
// before it are moved through, not drawn: --frames 100000 -o x.png drew every one.
Result<HeadlessFrame> draw_frames(const Options& options, ModelRenderer* model, bool lit) {
  SceneTarget target(options.size.width, options.size.height);
  SceneRenderer ball;
  BallPhysics physics = BallPhysics::from_seed(options.look.seed);
  float angle = 0;
  AnimatedDepth sources{physics, ball, model, angle};
  const DepthPass pass = SceneRenderer::z_only_available() ? options.passes.depth_pass : DepthPass::shaded;
  const DepthDraw draw{target, 0, kFrameSeconds, 1.0f, options.look.invert_depth, pass, lit};
  const DepthSourceRow& row = depth_source_row(model ? DepthSource::model : DepthSource::scene);
  for (long long frame = 1; frame < options.frames.value_or(1); ++frame) row.move(sources, kFrameSeconds, 1.0f);
  row.draw(sources, draw);
  HeadlessFrame drawn;
  if (Status read = DepthReadback{}.read(target.framebuffer(), GL_COLOR_ATTACHMENT1, target.width(), target.height(),
                                         drawn.depth);
      !read)
    return failure(read.error());
  if (lit) drawn.lit = read_rgba(target.framebuffer(), GL_COLOR_ATTACHMENT0, target.width(), target.height());
  drawn.subject_x = target.subject_x;
  return drawn;
}

}  // namespace

Result<HeadlessFrame> draw_frame_headless(const Options& options, bool lit) {
  const std::string source = options.model.empty() ? "the ball's scene" : "--model " + options.model;
  const Result<std::unique_ptr<HeadlessGl>> gl = HeadlessGl::open();
  if (!gl)
    return failure("--output: " + source + " is drawn with GL, and " + gl.error() +
                   "; give --depth FILE or --text WORDS, or use a window (--frames 1 --screenshot FILE)");
  if (options.verbose)
    say_on_stderr("--output draws " + source + " with " + (*gl)->description());
  try {
    std::optional<ModelRenderer> model;
    if (!options.model.empty()) {
      Result<ModelMesh> mesh = start_model(options.model);
      if (!mesh) return failure("--model: " + mesh.error());
      model.emplace(*mesh);
    }
    return draw_frames(options, model ? &*model : nullptr, lit);
  } catch (const std::runtime_error& error) {  // GL objects that could not be made
    return failure("--output: " + source + ": " + error.what());
  }
}

}  // namespace stereocl
