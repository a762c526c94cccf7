#pragma once
// The work a stereogram mode does each frame, after the scene is drawn and before the picture is
// composed or shown: one interface, one implementation per engine (CPU, CPU-readback, GPU).
// pipeline/mode_table.cpp says which mode uses which; the Demo does not care which one runs.
#include "compute/effects/histogram_cpu.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/result.hpp"
#include "pipeline/effects.hpp"
#include "pipeline/interop_sync.hpp"
#include "pipeline/stage_timings.hpp"
#include "render/colour_target.hpp"
#include "render/scene_target.hpp"

namespace stereocl {

class Backend {
 public:
  virtual ~Backend() = default;
  // scene.depth_texture() -> offsets, a GL_R32F texture (scene width + P) x scene height.
  // Fails when the depth cannot be read.
  virtual Status compute_offsets(const SceneTarget& scene, const StereogramParams& params, const gl::Texture& offsets,
                                 StageTimings& timings) = 0;
  // source -> destination (same size), with settings.effect, which is not nullptr.
  virtual void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                            StageTimings& timings) = 0;
  // 256-bin histogram of the image's 8-bit luma
  virtual Histogram256 histogram(const DisplayImage& image, StageTimings& timings) = 0;
  // How GL and CL hand textures over (--interop-sync); only a back-end that shares textures
  // between them has a hand-over to choose. The caller checks sync_unsupported_reason() first.
  virtual void set_interop_sync(SyncStrategy /*strategy*/) {}
};

}  // namespace stereocl
