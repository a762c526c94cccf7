#pragma once
// JPEG, WebP and TIFF are read, and JPEG and WebP written, by a module of their own,
// stereocl-codecs.so (core/jpeg_decode.cpp, core/webp_decode.cpp, core/tiff_decode.cpp,
// core/picture_encoders.cpp), loaded on the first file of those formats (core/program_module.hpp):
// libjpeg-turbo, libwebp and libtiff with its codecs are about 1 MB of every start's memory, and a
// still of a PNG depth map never calls them. PNG and PNM stay in the program.
#include "core/png_codec.hpp"
#include "core/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace stereocl {

// The module's one entry point returns these, its work by format.
struct CodecTable {
  using HeaderSize = std::optional<std::pair<std::uint32_t, std::uint32_t>> (*)(std::string_view bytes);
  using Decode = ImageLoad (*)(std::string_view bytes, const std::string& name, PixelTarget target,
                               const DecodeBudget& budget);
  HeaderSize jpeg_header_size;
  Decode decode_jpeg;
  HeaderSize webp_header_size;
  Decode decode_webp;
  HeaderSize tiff_header_size;
  Decode decode_tiff;
  Result<std::string> (*encode_jpeg)(const RgbaImage& image, const PngMetadata& metadata);
  Result<std::string> (*encode_webp)(const RgbaImage& image);
};

inline constexpr const char* kCodecsModuleFile = "stereocl-codecs.so";
inline constexpr const char* kCodecsSymbol = "stereocl_codecs";

// The program's calls into the module, each loading it on first use. Where it cannot be loaded,
// a decode or an encode fails in one line that names the file and why; a header's size is unknown.
namespace codecs {

std::optional<std::pair<std::uint32_t, std::uint32_t>> jpeg_header_size(std::string_view bytes);
ImageLoad decode_jpeg(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);
std::optional<std::pair<std::uint32_t, std::uint32_t>> webp_header_size(std::string_view bytes);
ImageLoad decode_webp(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);
std::optional<std::pair<std::uint32_t, std::uint32_t>> tiff_header_size(std::string_view bytes);
ImageLoad decode_tiff(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);
Result<std::string> encode_jpeg(const RgbaImage& image, const PngMetadata& metadata);
Result<std::string> encode_webp(const RgbaImage& image);

}  // namespace codecs
}  // namespace stereocl
