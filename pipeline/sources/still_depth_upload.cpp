#include "pipeline/sources/still_depth_upload.hpp"

#include "core/depth_map.hpp"
#include "pipeline/backends/host_bands.hpp"
#include "pipeline/frame/depth_rows.hpp"
#include "render/pixel_transfer.hpp"

#include <algorithm>

namespace stereocl {

void upload_still_depth(const Image<std::uint16_t>& map, DepthFit fit, bool invert, SceneTarget& target) {
  const int width = target.width(), height = target.height();
  const std::unique_ptr<DepthRows> rows = grey_depth_rows(map, width, height, fit, invert);
  target.want_colour(true);
  target.want_depth_buffer(false);
  const int band = band_rows(width, height);
  DepthImage depth;
  for (int y = 0; y < height; y += band) {
    (void)rows->band(y, std::min(band, height - y), depth);  // a decoded map's rows cannot fail
    upload_rows(target.depth_texture().get(), y, width, depth.height,
                float_rows(static_cast<std::size_t>(width) * sizeof(float)), depth.pixels.data());
    const RgbaImage picture = visualise_depth(depth);
    upload_rows(target.colour_texture().get(), y, width, depth.height,
                rgba8_rows(static_cast<std::size_t>(width) * 4), picture.pixels.data());
  }
  target.subject_x = 0.5f;  // --pattern scene cuts the depth's grey around the centre
}

}  // namespace stereocl
