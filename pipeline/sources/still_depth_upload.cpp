#include "pipeline/sources/still_depth_upload.hpp"

#include "core/depth_map.hpp"
#include "pipeline/backends/host_bands.hpp"
#include "render/pixel_transfer.hpp"

#include <algorithm>
#include <optional>

namespace stereocl {
namespace {

// GL's rows first_row .. of the map's depth, bottom row first: files are top row first.
void depth_rows(const Image<std::uint16_t>& map, const DepthImage* fitted, int first_row, bool invert,
                DepthImage& band) {
  const int height = fitted ? fitted->height : map.height;
  for (int row = 0; row < band.height; ++row) {
    const int file_row = height - 1 - (first_row + row);
    float* out = band.row(row);
    if (fitted) std::copy_n(fitted->row(file_row), band.width, out);
    else std::transform(map.row(file_row), map.row(file_row) + band.width, out, depth_of_grey);
    if (invert) std::transform(out, out + band.width, out, [](float d) { return 1.0f - d; });
  }
}

}  // namespace

void upload_still_depth(const Image<std::uint16_t>& map, DepthFit fit, bool invert, SceneTarget& target) {
  const int width = target.width(), height = target.height();
  // Fitted before the inversion: the bars are what the map's own black is.
  std::optional<DepthImage> fitted;
  if (map.width != width || map.height != height) fitted = fit_depth(depth_from_grey(map), width, height, fit);
  target.want_colour(true);
  target.want_depth_buffer(false);
  const int band = band_rows(width, height);
  DepthImage depth;
  for (int y = 0; y < height; y += band) {
    depth.reshape(width, std::min(band, height - y));
    depth_rows(map, fitted ? &*fitted : nullptr, y, invert, depth);
    upload_rows(target.depth_texture().get(), y, width, depth.height,
                float_rows(static_cast<std::size_t>(width) * sizeof(float)), depth.pixels.data());
    const RgbaImage picture = visualise_depth(depth);
    upload_rows(target.colour_texture().get(), y, width, depth.height,
                rgba8_rows(static_cast<std::size_t>(width) * 4), picture.pixels.data());
  }
  target.subject_x = 0.5f;  // --pattern scene cuts the depth's grey around the centre
}

}  // namespace stereocl
