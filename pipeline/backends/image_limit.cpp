#include "pipeline/backends/image_limit.hpp"

#include "pipeline/mode_table.hpp"

namespace stereocl {
namespace {

bool exceeds(ImageLimit limit, long long width, long long height) { return width > limit.width || height > limit.height; }

Failure refusal(ImageLimit limit, long long width, long long height) {
  return failure("a " + std::to_string(width) + " x " + std::to_string(height) +
                 " image exceeds this OpenCL device's " + std::to_string(limit.width) + " x " +
                 std::to_string(limit.height) + " image limit");
}

}  // namespace

Status image_limit_allows(Mode mode, ImageLimit limit, StereogramSize size) {
  if (!mode_row(mode).uses_device_images || limit.width <= 0 || limit.height <= 0) return {};
  // The offsets image (W + P) x H and the depth image W x H; the first is the wider, but both are
  // asked so a future layout that makes the depth larger is still caught.
  const long long images[][2] = {{static_cast<long long>(size.width) + size.strip_width, size.height},
                                 {size.width, size.height}};
  for (const auto& image : images)
    if (exceeds(limit, image[0], image[1])) return refusal(limit, image[0], image[1]);
  return {};
}

ModeAvailability availability_at_size(ModeAvailability engine_availability, ImageLimit limit, StereogramSize size) {
  for (const ModeRow& row : mode_table())
    if (engine_availability.available(row.mode))
      if (const Status fits = image_limit_allows(row.mode, limit, size); !fits)
        engine_availability.disable(row.mode, fits.error());
  return engine_availability;
}

}  // namespace stereocl
