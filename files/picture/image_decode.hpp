#pragma once
// Any picture a user has, told apart by its first bytes: PNG (libspng), JPEG (libjpeg-turbo),
// WebP (libwebp), TIFF (libtiff) and netpbm PGM/PPM (parsed here). Every decoder checks the size
// in its header against the budget before it takes pixel memory, decodes into the one picture
// the consumer asked for, and fails in one line naming the file. A depth map wants 16-bit grey:
// PNG, TIFF and PGM hold it exactly; JPEG and WebP hold 8 bits.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

ImageLoad decode_image(std::string_view bytes, const std::string& name, PixelTarget target,
                       const DecodeBudget& budget = {});

// Whether `start`, an input's first bytes (core/os/input_file.hpp's kStartBytes), begin a picture
// decode_image() reads; else the refusal it would give, before the rest is read.
InputStatus image_start_recognised(std::string_view start, const std::string& name);

// Width and height from the header of any format decode_image() reads, or nullopt.
std::optional<std::pair<std::uint32_t, std::uint32_t>> image_header_size(std::string_view bytes);

}  // namespace stereocl
