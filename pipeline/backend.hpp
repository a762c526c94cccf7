#pragma once
// The work a stereogram mode does each frame, after the scene is drawn and before the picture
// is composed or shown. CPU, CPU-readback and GPU modes each implement it; the main loop does
// not care which one runs.
#include "app/options.hpp"
#include "pipeline/stage_timings.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/result.hpp"
#include "render/colour_target.hpp"
#include "render/scene_target.hpp"
#include "render/stereogram_compositor.hpp"

#include <array>
#include <cstdint>

namespace stereocl {

struct EffectSettings {
  Effect effect = Effect::none;
  int blur_radius = 4;
  bool blur_clamp = false;
};


class Pipeline {
 public:
  virtual ~Pipeline() = default;
  // scene.depth_texture() -> compositor.offsets_texture(); fails when the depth cannot be read
  virtual Status compute_offsets(const SceneTarget& scene, const StereogramParams& params,
                               StereogramCompositor& compositor, StageTimings& timings) = 0;
  // source -> destination (same size)
  virtual void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                            StageTimings& timings) = 0;
  // 256-bin histogram of the image's 8-bit luma
  virtual Histogram256 histogram(const DisplayImage& image, StageTimings& timings) = 0;
};

}  // namespace stereocl
