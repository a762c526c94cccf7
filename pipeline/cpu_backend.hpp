#pragma once
// CPU mode: depth comes back to the host, offsets are computed on every core, effects run on the
// CPU reference implementations, results go back up as textures.
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/image.hpp"
#include "pipeline/backend.hpp"
#include "render/pixel_transfer.hpp"

namespace stereocl {

class CpuBackend final : public Backend {
 public:
  explicit CpuBackend(int threads) : threads_(threads) {}
  // Depth read back through a pixel buffer, the algorithm's output on all cores, uploaded to
  // `offsets`.
  Status compute_offsets(const SceneTarget&, const StereogramParams&, const gl::Texture& offsets, StageTimings&) override;
  // The effect's CPU reference on the read-back picture.
  void apply_effect(const EffectSettings&, const DisplayImage& source, ColourTarget& destination, StageTimings&) override;
  Histogram256 histogram(const DisplayImage& image, StageTimings&) override;

 private:
  int threads_;
  CpuStereograms stereograms_;
  DepthReadback readback_;
  DepthImage depth_;
  OffsetImage offsets_;
};

}  // namespace stereocl
