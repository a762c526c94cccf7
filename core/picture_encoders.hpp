#pragma once
// JPEG through libjpeg-turbo and WebP through libwebp, as core/picture_file.hpp describes them.
#include "core/png_codec.hpp"
#include "core/result.hpp"

#include <string>

namespace stereocl {

Result<std::string> encode_jpeg(const RgbaImage& image, const PngMetadata& metadata);
Result<std::string> encode_webp(const RgbaImage& image);

}  // namespace stereocl
