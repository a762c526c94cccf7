#pragma once
// CPU mode: depth comes back to the host band by band, the stereogram and its picture are made on
// every core, effects run on the CPU reference implementations, results go back up as textures.
#include "core/image.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/frame/host_frame.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"

namespace stereocl {

class CpuBackend final : public PassBackend {
 public:
  // The picture made on the host with its stereogram; each other pass on its own, GL's images
  // read back and the results uploaded around it.
  explicit CpuBackend(int threads) : PassBackend(host_compose_plan), frame_(threads) {}

 protected:
  // Depth read back into the host copy, the algorithm's output on all cores, uploaded to
  // io.offsets (for the offsets debug view, which GL composes).
  Status offsets(const SpanIo& io, StageTimings& timings) override;
  // The stereogram and compose, a band of rows at a time: depth read back, offsets and picture
  // made on every core, the picture's rows uploaded to io.picture. The next band's depth is copied
  // while this one is linked, and the picture is composed into the pixel buffer it is uploaded
  // from. The host holds a band of depth and offsets, and GL no offsets texture (docs/performance.md,
  // "Memory a pixel by mode").
  Result<std::optional<Histogram256>> chain(std::span<const Pass> passes, const SpanIo& io,
                                            StageTimings& timings) override;
  // The effect's CPU reference on the read-back picture.
  void effect(const SpanIo& io, StageTimings& timings) override;
  Histogram256 histogram(const SpanIo& io, StageTimings& timings) override;

 private:
  struct BandTimes {
    double transfer = 0, stereogram = 0, compose = 0;
  };
  // One band of the chain: its depth (requested a band earlier) linked where GL copied it, composed
  // into the pixel buffer and uploaded to io.picture's rows y .. y + rows.
  Status make_band(const SpanIo& io, const RgbaImage& pattern, int y, int rows, BandTimes& times);
  // A host copy of the pattern texture, read once for each texture (--pattern scene makes one a frame).
  const RgbaImage& host_pattern(const gl::Texture& pattern);

  HostFrame frame_;
  DepthImage depth_;
  RowsReadAhead depth_reads_;
  RowsUpload picture_upload_;
};

}  // namespace stereocl
