#pragma once
// WebP through libwebp: still images, lossy or lossless, 8 bits a channel. The size from the
// header is checked before any pixel memory is taken; animations are refused by name.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

std::optional<std::pair<std::uint32_t, std::uint32_t>> webp_header_size(std::string_view bytes);
ImageLoad decode_webp(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);

}  // namespace stereocl
