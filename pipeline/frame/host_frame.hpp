#pragma once
// The stereogram and its picture made on the host a band of rows at a time: the one band loop
// that CPU mode's frame (pipeline/backends/cpu_backend.hpp) and -o's still
// (pipeline/frame/still_frame.hpp) both run, so a still is CPU mode's frame to the bit by
// construction rather than by a test. Each row is linked and composed on its own (the engines take
// the band's first row), so the host holds a band of offsets whatever the picture's size.
#include "compute/stereogram/algorithm_table.hpp"
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/image.hpp"
#include "core/pattern_sampling.hpp"
#include "core/result.hpp"

#include <functional>

namespace stereocl {

// Bottom up: GL's row order, CPU mode's. Top down: a file's, a still streamed into its encoder.
enum class BandOrder { bottom_up, top_down };

// The loop: each(first_row, rows) for bands of `band` rows covering `height`, in `order`, until
// one fails.
Status for_each_band(int height, int band, BandOrder order, const std::function<Status(int, int)>& each);

class HostFrame {
 public:
  explicit HostFrame(int threads) : threads_(threads) {}
  // The offsets of GL's rows first_row .. first_row + depth.height, on `threads` cores.
  Status link(DepthView depth, const StereogramParams& params, int first_row);
  // The rows link() made, composed into `out` one after another with no gap.
  void compose(const RgbaImage& pattern, PatternSampling sampling, int first_row, Rgba8* out) const;
  const OffsetImage& offsets() const { return offsets_; }
  int threads() const { return threads_; }

 private:
  int threads_;
  CpuStereograms stereograms_;
  OffsetImage offsets_;
};

}  // namespace stereocl
