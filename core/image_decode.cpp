#include "core/image_decode.hpp"

#include "core/decoded_pixels.hpp"
#include "core/jpeg_decode.hpp"
#include "core/pnm_decode.hpp"
#include "core/tiff_decode.hpp"
#include "core/webp_decode.hpp"

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
    {looks_like_png, png_header_size, decode_png},    {looks_like_jpeg, jpeg_header_size, decode_jpeg},
    {looks_like_webp, webp_header_size, decode_webp}, {looks_like_tiff, tiff_header_size, decode_tiff},
    {looks_like_pnm, pnm_header_size, decode_pnm},
};

const ImageFormat* format_of(std::string_view bytes) {
  for (const ImageFormat& format : kFormats)
    if (format.recognises(bytes)) return &format;
  return nullptr;
}

}  // namespace

InputStatus size_allowed(std::uint64_t width, std::uint64_t height, const std::string& name, const DecodeBudget& budget,
                         std::string_view format) {
  if (width < 1 || height < 1 || width > budget.max_side || height > budget.max_side)
    return InputFailure{InputFailureKind::too_large, name + ": the " + std::string(format) + " header says " +
                                                         std::to_string(width) + "x" + std::to_string(height) +
                                                         " pixels; images must be 1.." +
                                                         std::to_string(budget.max_side) + " pixels per side"};
  if (width > budget.max_width)
    return InputFailure{InputFailureKind::too_large,
                        name + ": " + std::to_string(width) + " pixels wide; " + budget.width_rule};
  return {};
}

ImageLoad decode_image(std::string_view bytes, const std::string& name, PixelTarget target,
                       const DecodeBudget& budget) {
  // Nothing recognised: the PNG decoder names what the bytes look like and what is read.
  const ImageFormat* format = format_of(bytes);
  return format ? format->decode(bytes, name, target, budget) : decode_png(bytes, name, target, budget);
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> image_header_size(std::string_view bytes) {
  const ImageFormat* format = format_of(bytes);
  return format ? format->header_size(bytes) : std::nullopt;
}

}  // namespace stereocl
