#include "files/picture/picture_file.hpp"

#include "core/os/atomic_file.hpp"
#include "files/picture/picture_encoders.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace stereocl {

Result<PictureFormat> picture_format_for(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
  if (path == "-" || extension.empty() || extension == ".png") return PictureFormat::png;
  if (extension == ".jpg" || extension == ".jpeg") return PictureFormat::jpeg;
  if (extension == ".webp") return PictureFormat::webp;
  return failure(path + ": a picture is saved as PNG (.png), JPEG (.jpg, .jpeg) or WebP (.webp), by its name");
}

namespace {

struct FormatLimit {
  const char* name;
  long long max_side;
};

// What each format's header can say (PNG's 31-bit fields, JPEG's and GIF's 16-bit ones) or its
// encoder takes (libwebp: 14 bits).
constexpr FormatLimit kLimits[] = {{"PNG", 2147483647LL}, {"JPEG", 65535}, {"WebP", 16383}};

std::string every_limit() {
  std::string said;
  for (const FormatLimit& limit : kLimits)
    said += (said.empty() ? "" : ", ") + std::string(limit.name) + " " + std::to_string(limit.max_side);
  return said;
}

}  // namespace

Status picture_size_allowed(const std::string& path, PictureFormat format, long long width, long long height) {
  const FormatLimit& limit = kLimits[static_cast<int>(format)];
  if (width <= limit.max_side && height <= limit.max_side) return {};
  return failure(path + ": the picture would be " + std::to_string(width) + "x" + std::to_string(height) +
                 " pixels; " + limit.name + " holds at most " + std::to_string(limit.max_side) +
                 " a side (pixels a side: " + every_limit() + ")");
}

Result<std::string> encode_picture(PictureFormat format, const RgbaImage& image, const PngMetadata& metadata) {
  if (image.empty()) return failure("nothing to save (the image is empty)");
  switch (format) {
    case PictureFormat::jpeg: return encode_jpeg(image, metadata);
    case PictureFormat::webp: return encode_webp(image);
    case PictureFormat::png: break;
  }
  return encode_png(image, metadata);
}

Status save_picture(const std::string& path, const RgbaImage& image, const PngMetadata& metadata,
                    const std::vector<std::string>& inputs) {
  const Result<PictureFormat> format = picture_format_for(path);
  if (!format) return failure(format.error());
  const Result<std::string> bytes = encode_picture(*format, image, metadata);
  if (!bytes) return failure(path + ": " + bytes.error());
  return write_atomically(path, *bytes, inputs);
}

}  // namespace stereocl
