#include "files/picture/webp_decode.hpp"

#include "files/picture/decoded_pixels.hpp"

#include <webp/decode.h>

#include <vector>

namespace stereocl {

std::optional<std::pair<std::uint32_t, std::uint32_t>> webp_header_size(std::string_view bytes) {
  WebPBitstreamFeatures features{};
  if (WebPGetFeatures(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), &features) != VP8_STATUS_OK)
    return std::nullopt;
  return std::pair{static_cast<std::uint32_t>(features.width), static_cast<std::uint32_t>(features.height)};
}

ImageLoad decode_webp(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  WebPBitstreamFeatures features{};
  if (WebPGetFeatures(data, bytes.size(), &features) != VP8_STATUS_OK)
    return InputFailure{InputFailureKind::corrupt, name + ": the WebP header is corrupt"};
  if (features.has_animation)
    return InputFailure{InputFailureKind::not_png, name + ": an animated WebP; give one still picture"};
  if (const InputStatus allowed = size_allowed(static_cast<std::uint64_t>(features.width),
                                               static_cast<std::uint64_t>(features.height), name, budget, "WebP");
      !allowed)
    return allowed.failure();
  const int stride = 4 * features.width;
  std::vector<std::uint8_t> samples(static_cast<std::size_t>(stride) * static_cast<std::size_t>(features.height));
  if (!WebPDecodeRGBAInto(data, bytes.size(), samples.data(), samples.size(), stride))
    return InputFailure{InputFailureKind::corrupt, name + ": the WebP data is corrupt"};
  return from_samples(samples.data(), features.width, features.height, 4, target);
}

}  // namespace stereocl
