#include "core/picture_file.hpp"

#include "core/atomic_file.hpp"
#include "core/codec_module.hpp"

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

Result<std::string> encode_picture(PictureFormat format, const RgbaImage& image, const PngMetadata& metadata) {
  if (image.empty()) return failure("nothing to save (the image is empty)");
  switch (format) {
    case PictureFormat::jpeg: return codecs::encode_jpeg(image, metadata);
    case PictureFormat::webp: return codecs::encode_webp(image);
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
