#pragma once
// CPU mode: depth comes back to the host, offsets are computed on every core, effects run on the
// CPU reference implementations, results go back up as textures.
#include "core/image.hpp"
#include "pipeline/backend.hpp"
#include "render/pixel_transfer.hpp"

namespace stereocl {

class CpuBackend final : public Backend {
 public:
  explicit CpuBackend(int threads) : threads_(threads) {}
  Status compute_offsets(const SceneTarget& scene, const StereogramParams& params, const gl::Texture& offsets,
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

}  // namespace stereocl
