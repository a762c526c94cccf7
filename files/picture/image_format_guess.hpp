#pragma once
// Names the format of a file that is not a PNG from its first bytes, so the refusal can say
// "looks like a JPEG image" rather than a decoder's internal complaint.
#include <optional>
#include <string>
#include <string_view>

namespace stereocl {

// Whether the bytes start as the format's files do.
bool looks_like_jpeg(std::string_view bytes);
bool looks_like_webp(std::string_view bytes);
bool looks_like_tiff(std::string_view bytes);

// "a JPEG image", "a GIF image", ... or nullopt when the bytes match no format we know.
std::optional<std::string> guess_image_format(std::string_view bytes);

}  // namespace stereocl
