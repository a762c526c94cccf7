#pragma once
// A saved picture in the format its name says: PNG (the default, and "-" for stdout), JPEG or
// WebP. `-o x.jpg` wrote PNG bytes under that name. A stereogram's dots are its content, so WebP
// is written lossless and JPEG at quality 95 without chroma subsampling. PNG keeps the settings
// as tEXt chunks and JPEG as a comment (COM); WebP has no place for text.
#include "core/result.hpp"
#include "files/picture/png_codec.hpp"

#include <string>
#include <vector>

namespace stereocl {

enum class PictureFormat { png, jpeg, webp };

// By the extension, any case: .png (or none, or "-"), .jpg/.jpeg, .webp; else the rule, in one line.
Result<PictureFormat> picture_format_for(const std::string& path);

// Whether a picture of width x height fits the format (WebP at most 16383 pixels a side, JPEG 65535,
// PNG 2^31-1); else the rule, in one line naming `path`. Asked before the picture is made: libwebp
// said so only after the whole stereogram had been computed.
Status picture_size_allowed(const std::string& path, PictureFormat format, long long width, long long height);

// The file's bytes, or why they cannot be made.
Result<std::string> encode_picture(PictureFormat format, const RgbaImage& image, const PngMetadata& metadata);

// Encodes by the name and writes atomically (core/os/atomic_file.hpp), never over an input.
Status save_picture(const std::string& path, const RgbaImage& image, const PngMetadata& metadata,
                    const std::vector<std::string>& inputs);

}  // namespace stereocl
