#pragma once
// netpbm's binary PGM (P5, grey) and PPM (P6, colour), 8 or 16 bits a sample: what
// pamstereogram and the netpbm tools read and write. Parsed here with the care libspng gets:
// every header number is bounded before it is used, and the pixel data must be all there.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

bool looks_like_pnm(std::string_view bytes);  // P1..P7: netpbm's magic numbers
std::optional<std::pair<std::uint32_t, std::uint32_t>> pnm_header_size(std::string_view bytes);
ImageLoad decode_pnm(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);

}  // namespace stereocl
