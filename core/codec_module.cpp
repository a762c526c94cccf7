#include "core/codec_module.hpp"

#include "core/program_module.hpp"

namespace stereocl::codecs {
namespace {

// Loaded once, by the first JPEG, WebP or TIFF file read or written, and not before.
const ModuleTable<CodecTable>& codecs() {
  static const ModuleTable<CodecTable> loaded = load_module_table<CodecTable>(kCodecsModuleFile, kCodecsSymbol);
  return loaded;
}

ImageLoad not_decoded(const std::string& name, const char* format) {
  return InputFailure{InputFailureKind::read_error,
                      name + ": " + format + " files cannot be read here: " + codecs().why_not};
}

}  // namespace

std::optional<std::pair<std::uint32_t, std::uint32_t>> jpeg_header_size(std::string_view bytes) {
  return codecs().table ? codecs().table->jpeg_header_size(bytes) : std::nullopt;
}

ImageLoad decode_jpeg(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  return codecs().table ? codecs().table->decode_jpeg(bytes, name, target, budget) : not_decoded(name, "JPEG");
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> webp_header_size(std::string_view bytes) {
  return codecs().table ? codecs().table->webp_header_size(bytes) : std::nullopt;
}

ImageLoad decode_webp(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  return codecs().table ? codecs().table->decode_webp(bytes, name, target, budget) : not_decoded(name, "WebP");
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> tiff_header_size(std::string_view bytes) {
  return codecs().table ? codecs().table->tiff_header_size(bytes) : std::nullopt;
}

ImageLoad decode_tiff(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  return codecs().table ? codecs().table->decode_tiff(bytes, name, target, budget) : not_decoded(name, "TIFF");
}

Result<std::string> encode_jpeg(const RgbaImage& image, const PngMetadata& metadata) {
  if (!codecs().table) return failure("JPEG pictures cannot be written here: " + codecs().why_not);
  return codecs().table->encode_jpeg(image, metadata);
}

Result<std::string> encode_webp(const RgbaImage& image) {
  if (!codecs().table) return failure("WebP pictures cannot be written here: " + codecs().why_not);
  return codecs().table->encode_webp(image);
}

}  // namespace stereocl::codecs
