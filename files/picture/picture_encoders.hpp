#pragma once
// JPEG through libjpeg-turbo and WebP through libwebp, as files/picture/picture_file.hpp describes them.
#include "core/result.hpp"
#include "files/picture/png_codec.hpp"

#include <string>

namespace stereocl {

Result<std::string> encode_jpeg(const RgbaImage& image, const PngMetadata& metadata);
Result<std::string> encode_webp(const RgbaImage& image);

}  // namespace stereocl
