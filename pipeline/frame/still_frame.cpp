#include "pipeline/frame/still_frame.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "pipeline/frame/host_frame.hpp"

#include <optional>

namespace stereocl {
namespace {

StillFailure making(const std::string& message) { return {message, false}; }

// One band's picture into `out`, from its depth: what CPU mode's backend does with GL's copy.
class StillBands {
 public:
  StillBands(DepthRows& depth, const StillFrame& still)
      : depth_(depth),
        still_(still),
        frame_(still.threads),
        sampling_(algorithm_row(still.look.stereogram.algorithm).whole_pattern_pixels ? PatternSampling::whole_pixels
                                                                                      : PatternSampling::linear) {}
  int width() const { return depth_.width() + stereogram_strip_width(still_.look.stereogram); }
  Status make(int first_row, int rows, Rgba8* out) {
    if (Status read = depth_.band(first_row, rows, band_); !read) return read;
    if (Status linked = frame_.link(band_, still_.look.stereogram, first_row); !linked) return linked;
    frame_.compose(still_.pattern, sampling_, first_row, out);
    return {};
  }

 private:
  DepthRows& depth_;
  const StillFrame& still_;
  HostFrame frame_;
  PatternSampling sampling_;
  DepthImage band_;
};

// The band's rows, top row first, into the encoder, which is started by the first band (whether
// its rows predict each other decides PNG's filters).
Status write_band(const RgbaImage& rows, const StillFrame& still, int height, std::optional<PngRowWriter>& png) {
  if (!png) {
    Result<PngRowWriter> started = PngRowWriter::start(rows.width, height, png_channels_for(still.pattern),
                                                       neighbours_predict(rows), still.metadata);
    if (!started) return failure(started.error());
    png.emplace(std::move(*started));
  }
  for (int y = rows.height - 1; y >= 0; --y)
    if (const Status added = png->add(rows.row(y)); !added) return added;
  return {};
}

Result<std::string, StillFailure> streamed(DepthRows& depth, const StillFrame& still) {
  StillBands bands(depth, still);
  const int height = depth.height();
  RgbaImage rows;
  std::optional<PngRowWriter> png;
  const Status made = for_each_band(height, kStillBandRows, BandOrder::top_down, [&](int first_row, int count) {
    rows.reshape(bands.width(), count);
    if (Status band = bands.make(first_row, count, rows.pixels.data()); !band) return band;
    return write_band(rows, still, height, png);
  });
  if (!made) return making(made.error());
  if (!png) return making("the depth has no rows");
  Result<std::string> bytes = png->finish();
  if (!bytes) return making(bytes.error());
  return std::move(*bytes);
}

// The whole picture, its look finished as CPU mode finishes it: the effect on GL's rows (emboss is
// lit from one corner), then the dots or the flip to a file's order.
Result<std::string, StillFailure> whole(DepthRows& depth, const StillFrame& still) {
  StillBands bands(depth, still);
  RgbaImage picture(bands.width(), depth.height());
  const Status made = for_each_band(depth.height(), kStillBandRows, BandOrder::top_down, [&](int first_row, int count) {
    return bands.make(first_row, count, picture.row(first_row));
  });
  if (!made) return making(made.error());
  if (const EffectRow* effect = still.look.effect.effect)
    picture = effect->cpu(picture, still.look.effect, still.threads);
  std::optional<RgbaImage> dotted = still.guide_dots ? still.guide_dots(picture) : std::nullopt;
  if (dotted)
    picture = std::move(*dotted);
  else
    flip_rows(picture);
  Result<std::string> bytes = encode_picture(still.format, picture, still.metadata);
  if (!bytes) return StillFailure{bytes.error(), true};
  return std::move(*bytes);
}

}  // namespace

Result<std::string, StillFailure> encode_still(DepthRows& depth, const StillFrame& still) {
  const bool finished_whole = still.look.effect.effect || still.guide_dots || still.format != PictureFormat::png;
  return finished_whole ? whole(depth, still) : streamed(depth, still);
}

}  // namespace stereocl
