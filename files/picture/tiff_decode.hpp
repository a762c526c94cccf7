#pragma once
// TIFF through libtiff, from memory: 8- and 16-bit greyscale exactly (what depth tools write),
// anything else libtiff can read as RGBA 8-bit. The size from the directory is checked before
// any pixel memory is taken; libtiff's own warnings and errors never reach the terminal.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

std::optional<std::pair<std::uint32_t, std::uint32_t>> tiff_header_size(std::string_view bytes);
ImageLoad decode_tiff(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);

}  // namespace stereocl
