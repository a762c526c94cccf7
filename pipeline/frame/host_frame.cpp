#include "pipeline/frame/host_frame.hpp"

#include "compute/stereogram/compose_cpu.hpp"

#include <algorithm>

namespace stereocl {

Status for_each_band(int height, int band, BandOrder order, const std::function<Status(int, int)>& each) {
  for (int done = 0; done < height; done += band) {
    const int rows = std::min(band, height - done);
    const int first_row = order == BandOrder::bottom_up ? done : height - done - rows;
    if (Status made = each(first_row, rows); !made) return made;
  }
  return {};
}

Status HostFrame::link(DepthView depth, const StereogramParams& params, int first_row) {
  offsets_.reshape(depth.width + stereogram_strip_width(params), depth.height);  // kept between bands
  return stereograms_[params.algorithm].run(depth, params, threads_, offsets_, first_row);
}

void HostFrame::compose(const RgbaImage& pattern, PatternSampling sampling, int first_row, Rgba8* out) const {
  compose_rows(offsets_, pattern, sampling, first_row, threads_, out);
}

}  // namespace stereocl
