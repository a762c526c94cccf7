#pragma once
// CPU mode: depth comes back to the host, offsets are computed on every core, effects run on the
// CPU reference implementations, results go back up as textures.
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/image.hpp"
#include "pipeline/backend.hpp"
#include "render/pixel_transfer.hpp"

namespace stereocl {

class CpuBackend final : public PassBackend {
 public:
  // Each pass on its own, GL's images read back and the results uploaded around it.
  explicit CpuBackend(int threads) : PassBackend(step_by_step_plan), threads_(threads) {}

 protected:
  // Depth read back into the host copy, the algorithm's output on all cores, uploaded to
  // io.offsets.
  Status offsets(const SpanIo& io, StageTimings& timings) override;
  // The effect's CPU reference on the read-back picture.
  void effect(const SpanIo& io, StageTimings& timings) override;
  Histogram256 histogram(const SpanIo& io, StageTimings& timings) override;

 private:
  int threads_;
  CpuStereograms stereograms_;
  DepthImage depth_;
  OffsetImage offsets_;
};

}  // namespace stereocl
