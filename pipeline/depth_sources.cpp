#include "pipeline/depth_sources.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace stereocl {
namespace {

void draw_ball(AnimatedDepth& sources, const DepthDraw& draw) {
  sources.physics.advance(draw.seconds);  // the physics keeps the speed itself (apply_settings)
  sources.ball.render(sources.physics, draw.invert_depth, draw.target, draw.depth_only, draw.depth_buffer);
}

void draw_model(AnimatedDepth& sources, const DepthDraw& draw) {
  if (!sources.model) return;  // apply_settings() leaves the model source where none is loaded
  const double turn = 2.0 * std::numbers::pi * draw.seconds * draw.speed / kTurntableSeconds;
  sources.model_angle = static_cast<float>(std::fmod(sources.model_angle + turn, 2.0 * std::numbers::pi));
  sources.model->render(sources.model_angle, draw.invert_depth, draw.target, draw.depth_only, draw.depth_buffer);
}

constexpr DepthSourceRow kSources[] = {
    {DepthSource::scene, "scene", "3D scene", draw_ball},
    {DepthSource::model, "model", "3D model", draw_model},
    {DepthSource::image, "image", "depth image", nullptr},
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
