#include "files/picture/image_decode.hpp"

#include "files/picture/image_format_guess.hpp"
#include "files/picture/jpeg_decode.hpp"
#include "files/picture/pnm_decode.hpp"
#include "files/picture/tiff_decode.hpp"
#include "files/picture/webp_decode.hpp"

namespace stereocl {
namespace {

// One row per format: how its bytes start, its header's size, and its decoder.
struct ImageFormat {
  bool (*recognises)(std::string_view bytes);
  std::optional<std::pair<std::uint32_t, std::uint32_t>> (*header_size)(std::string_view bytes);
  ImageLoad (*decode)(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget);
};

bool looks_like_png(std::string_view bytes) { return png_header_size(bytes).has_value(); }

constexpr ImageFormat kFormats[] = {
    {looks_like_png, png_header_size, decode_png},
    {looks_like_jpeg, jpeg_header_size, decode_jpeg},
    {looks_like_webp, webp_header_size, decode_webp},
    {looks_like_tiff, tiff_header_size, decode_tiff},
    {looks_like_pnm, pnm_header_size, decode_pnm},
};

const ImageFormat* format_of(std::string_view bytes) {
  for (const ImageFormat& format : kFormats)
    if (format.recognises(bytes)) return &format;
  return nullptr;
}

}  // namespace

ImageLoad decode_image(std::string_view bytes, const std::string& name, PixelTarget target,
                       const DecodeBudget& budget) {
  // Nothing recognised: the PNG decoder names what the bytes look like and what is read.
  const ImageFormat* format = format_of(bytes);
  return format ? format->decode(bytes, name, target, budget) : decode_png(bytes, name, target, budget);
}

InputStatus image_start_recognised(std::string_view start, const std::string& name) {
  if (format_of(start)) return {};
  // The PNG decoder names what the bytes look like and what is read, as for a whole file.
  const ImageLoad refused = decode_png(start, name, PixelTarget::grey16, {});
  if (refused) return {};
  return refused.failure();
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> image_header_size(std::string_view bytes) {
  const ImageFormat* format = format_of(bytes);
  return format ? format->header_size(bytes) : std::nullopt;
}

}  // namespace stereocl
