#pragma once
// What the user can change while the demo runs (panel, keys, dropped files). The Demo compares
// these with what it last applied and redoes only the work a change needs.
#include "app/mode.hpp"
#include "app/pipeline.hpp"
#include "compute/stereogram_params.hpp"
#include "render/pattern.hpp"

#include <cstdint>

namespace stereocl {

struct DemoSettings {
  Mode mode = Mode::cpu;
  StereogramParams stereogram;
  PatternKind pattern_kind = PatternKind::random_grey;
  std::uint32_t seed = 1;
  bool invert_depth = false;
  bool paused = false;
  float ball_speed = 1.0f;
  EffectSettings effect;
  bool histogram_enabled = false;
  bool vsync = true;
  bool show_panel = true;
};

}  // namespace stereocl
