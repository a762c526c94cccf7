#include "files/picture/picture_encoders.hpp"

#include <turbojpeg.h>
#include <webp/encode.h>

#include <algorithm>
#include <memory>

namespace stereocl {

Result<std::string> encode_jpeg(const RgbaImage& image, const PngMetadata& metadata) {
  const std::unique_ptr<void, int (*)(tjhandle)> handle(tjInitCompress(), tjDestroy);
  if (!handle) return failure("cannot start the JPEG encoder");
  unsigned char* bytes = nullptr;
  unsigned long size = 0;
  if (tjCompress2(handle.get(), reinterpret_cast<const unsigned char*>(image.pixels.data()), image.width, 0,
                  image.height, TJPF_RGBA, &bytes, &size, TJSAMP_444, 95, TJFLAG_ACCURATEDCT) != 0) {
    tjFree(bytes);
    return failure(std::string("cannot encode the JPEG (") + tjGetErrorStr2(handle.get()) + ")");
  }
  std::string jpeg(reinterpret_cast<const char*>(bytes), size);
  tjFree(bytes);
  // The settings as one COM marker after SOI: "Key: value" lines, as PNG's tEXt chunks hold them.
  std::string comment;
  for (const auto& [key, value] : metadata.text) comment += key + ": " + value + "\n";
  comment.resize(std::min<std::size_t>(comment.size(), 65533));
  if (!comment.empty()) {
    const std::size_t length = comment.size() + 2;
    const std::string marker = std::string("\xFF\xFE") + static_cast<char>(length >> 8) + static_cast<char>(length & 0xFF);
    jpeg.insert(2, marker + comment);
  }
  return jpeg;
}

Result<std::string> encode_webp(const RgbaImage& image) {
  std::uint8_t* bytes = nullptr;
  const std::size_t size = WebPEncodeLosslessRGBA(reinterpret_cast<const std::uint8_t*>(image.pixels.data()),
                                                  image.width, image.height, image.width * 4, &bytes);
  if (size == 0) {
    WebPFree(bytes);
    return failure("cannot encode the WebP picture");
  }
  std::string webp(reinterpret_cast<const char*>(bytes), size);
  WebPFree(bytes);
  return webp;
}


}  // namespace stereocl
