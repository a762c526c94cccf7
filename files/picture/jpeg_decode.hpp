#pragma once
// JPEG through libjpeg-turbo's TurboJPEG API: the size from the header is checked before the
// pixels are decoded, and progressive files are held to libjpeg-turbo's scan limit, so a hostile
// file can neither take the memory it claims nor spin. 8 bits a channel, greyscale or colour.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

std::optional<std::pair<std::uint32_t, std::uint32_t>> jpeg_header_size(std::string_view bytes);
ImageLoad decode_jpeg(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);

}  // namespace stereocl
