#pragma once
// CPU mode: depth comes back to the host, offsets are computed on every core, effects run on the
// CPU reference implementations, results go back up as textures.
#include "pipeline/backend.hpp"
#include "core/image.hpp"
#include "render/pixel_transfer.hpp"

namespace stereocl {

class CpuPipeline final : public Pipeline {
 public:
  explicit CpuPipeline(int threads) : threads_(threads) {}
  Status compute_offsets(const SceneTarget& scene, const StereogramParams& params, StereogramCompositor& compositor,
                       StageTimings& timings) override;
  void apply_effect(const EffectSettings& settings, const DisplayImage& source, ColourTarget& destination,
                    StageTimings& timings) override;
  Histogram256 histogram(const DisplayImage& image, StageTimings& timings) override;

 private:
  int threads_;
  DepthReadback readback_;
  DepthImage depth_;
  OffsetImage offsets_;
};

// The effect's CPU reference on an RGBA image: shared by CPU mode and the tests that compare modes.
RgbaImage apply_effect_reference(const EffectSettings& settings, const RgbaImage& image);

}  // namespace stereocl
