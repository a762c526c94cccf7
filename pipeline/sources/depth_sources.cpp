#include "pipeline/sources/depth_sources.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace stereocl {
namespace {

// Calls render(depth_only, depth_buffer) once, or, where a stereogram mode wants the lit colour
// too, first as Scene mode draws (colour and depth into the target), then into the buffer if any.
template <typename Render>
void draw_passes(const DepthDraw& draw, Render render) {
  if (!draw.colour || !draw.depth_only) {
    // Depth alone into a shared buffer: the target keeps no colour (a depth-only draw into the
    // target frees it itself).
    if (draw.depth_only && draw.depth_buffer) draw.target.want_colour(false);
    return render(draw.depth_only, draw.depth_buffer);
  }
  render(std::nullopt, 0);
  if (draw.depth_buffer) render(draw.depth_only, draw.depth_buffer);
}

void move_ball(AnimatedDepth& sources, double seconds, float /*speed*/) {
  sources.physics.advance(seconds);  // the physics keeps the speed itself (apply_settings)
}

void draw_ball(AnimatedDepth& sources, const DepthDraw& draw) {
  move_ball(sources, draw.seconds, draw.speed);
  const float aspect = static_cast<float>(draw.target.width()) / static_cast<float>(draw.target.height());
  draw.target.subject_x = SceneRenderer::ball_x(sources.physics, aspect);
  draw_passes(draw, [&](std::optional<DepthPass> depth_only, GLuint buffer) {
    sources.ball.render(sources.physics, draw.invert_depth, draw.target, depth_only, buffer);
  });
}

void move_model(AnimatedDepth& sources, double seconds, float speed) {
  const double turn = 2.0 * std::numbers::pi * seconds * speed / kTurntableSeconds;
  sources.model_angle = static_cast<float>(std::fmod(sources.model_angle + turn, 2.0 * std::numbers::pi));
}

void draw_model(AnimatedDepth& sources, const DepthDraw& draw) {
  if (!sources.model) return;  // apply_settings() leaves the model source where none is loaded
  move_model(sources, draw.seconds, draw.speed);
  draw.target.subject_x = 0.5f;  // the turntable is centred
  draw_passes(draw, [&](std::optional<DepthPass> depth_only, GLuint buffer) {
    sources.model->render(sources.model_angle, draw.invert_depth, draw.target, depth_only, buffer);
  });
}

constexpr DepthSourceRow kSources[] = {
    {DepthSource::scene, "scene", "3D scene", draw_ball, move_ball},
    {DepthSource::model, "model", "3D model", draw_model, move_model},
    {DepthSource::image, "image", "depth image", nullptr, nullptr},
};

static_assert(std::size(kSources) == kDepthSourceCount);
static_assert(std::ranges::all_of(kSources, [](const DepthSourceRow& row) {
                return &row - kSources == static_cast<std::ptrdiff_t>(row.source);
              }),
              "one row per source, in DepthSource's order");

}  // namespace

std::span<const DepthSourceRow> depth_source_table() { return kSources; }

const DepthSourceRow& depth_source_row(DepthSource source) { return kSources[static_cast<std::size_t>(source)]; }

}  // namespace stereocl
