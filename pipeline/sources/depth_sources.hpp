#pragma once
// The depth sources as data: what a stereogram hides. The panel's source choice, the bench JSON's
// depth_source, the picture's metadata and the frame's depth pass read this table, so a new source
// is one row here, its drawing (render/) or its still map (core/), and the option that loads it.
#include "core/ball_physics.hpp"
#include "render/model_renderer.hpp"
#include "render/scene_renderer.hpp"
#include "render/scene_target.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace stereocl {

// The bouncing ball in its box, a model on a turntable, or a still depth map (a file, or a hidden
// word drawn into one).
enum class DepthSource { scene, model, image };
inline constexpr std::size_t kDepthSourceCount = 3;

// What the animated sources draw with: each row's draw uses its own part.
struct AnimatedDepth {
  BallPhysics& physics;
  SceneRenderer& ball;
  ModelRenderer* model;  // nullptr until a model is loaded
  float& model_angle;    // radians about the vertical axis
};

// One frame's depth pass.
struct DepthDraw {
  SceneTarget& target;
  GLuint depth_buffer;  // not 0: linear depth goes there instead (a plan's shared buffers)
  double seconds;       // since the last frame: how far the source moves (0 while paused)
  float speed;          // the panel's speed, 1 = as designed
  bool invert_depth;
  std::optional<DepthPass> depth_only;  // nullopt: lit colour too (Scene mode)
  // The lit colour too in a stereogram mode (--pattern scene, the reveal): drawn into the target
  // with the depth, and the depth again into depth_buffer where there is one.
  bool colour = false;
};

struct DepthSourceRow {
  DepthSource source;
  std::string_view name;   // "model": the bench JSON's depth_source and the picture's metadata
  std::string_view label;  // on the panel: "3D model"
  // Moves the source by draw.seconds and draws its depth; nullptr for a still map, which is
  // uploaded once instead (a plan without draw_depth).
  void (*draw)(AnimatedDepth& sources, const DepthDraw& draw);
  // Moves it as draw() does, without drawing: a still's frames before the one it shows.
  void (*move)(AnimatedDepth& sources, double seconds, float speed);
  bool animated() const { return draw != nullptr; }
};

std::span<const DepthSourceRow> depth_source_table();
const DepthSourceRow& depth_source_row(DepthSource source);

// A model turns once in this many seconds at speed 1: slow enough to fuse while it turns.
inline constexpr double kTurntableSeconds = 12.0;

}  // namespace stereocl
