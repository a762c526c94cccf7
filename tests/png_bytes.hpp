#pragma once
// PNG files built byte by byte with zlib, independent of the decoder under test, so tests can
// make any colour type and depth -- and any lie a hostile file can tell.
#include <zlib.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl::testing {

inline std::string big_endian(std::uint32_t v) {
  return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
}

inline std::string png_chunk(std::string_view type, std::string_view data) {
  std::string body = std::string(type) + std::string(data);
  const auto crc = static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
  return big_endian(static_cast<std::uint32_t>(data.size())) + body + big_endian(crc);
}

inline std::string zlib_compress(std::string_view raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
            static_cast<uLong>(raw.size()), 9);
  out.resize(size);
  return out;
}

inline std::string png_header(std::uint32_t width, std::uint32_t height, int bit_depth, int colour_type,
                              int interlace = 0) {
  return std::string("\x89PNG\r\n\x1a\n", 8) +
         png_chunk("IHDR", big_endian(width) + big_endian(height) +
                               std::string{static_cast<char>(bit_depth), static_cast<char>(colour_type), 0, 0,
                                           static_cast<char>(interlace)});
}

// A whole PNG: `scanlines` are the raw rows, each starting with its filter byte; `before_idat`
// holds ready-made chunks such as PLTE and tRNS.
inline std::string png_file(std::uint32_t width, std::uint32_t height, int bit_depth, int colour_type,
                            std::string_view scanlines, const std::string& before_idat = "") {
  return png_header(width, height, bit_depth, colour_type) + before_idat +
         png_chunk("IDAT", zlib_compress(scanlines)) + png_chunk("IEND", "");
}

}  // namespace stereocl::testing
