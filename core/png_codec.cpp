#include "core/png_codec.hpp"

#include "core/image_format_guess.hpp"

#include <spng.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace stereocl {
namespace {

constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
// Ancillary chunks (text, ICC profiles, EXIF) are kept small: they are never used, only parsed.
constexpr std::size_t kChunkLimit = std::size_t{16} << 20;
constexpr std::size_t kChunkCacheLimit = std::size_t{64} << 20;

using SpngContext = std::unique_ptr<spng_ctx, decltype(&spng_ctx_free)>;

InputFailure failed(InputFailureKind kind, const std::string& name, const std::string& why) {
  return InputFailure{kind, name + ": " + why};
}

InputFailure corrupt(const std::string& name, int error) {
  return failed(InputFailureKind::corrupt, name, std::string("the PNG data is corrupt (") + spng_strerror(error) + ")");
}

std::uint32_t big_endian_u32(std::string_view bytes, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])); };
  return byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
}

std::optional<InputFailure> check_signature(std::string_view bytes, const std::string& name) {
  if (bytes.substr(0, kSignature.size()) == kSignature) return std::nullopt;
  if (bytes.empty()) return failed(InputFailureKind::not_png, name, "the file is empty; only PNG images are accepted");
  const auto format = guess_image_format(bytes);
  return failed(InputFailureKind::not_png, name,
                (format ? "looks like " + *format : std::string("is not a PNG image (no PNG signature)")) +
                    "; only PNG images are accepted");
}

// The header's size, read by hand so a refusal can name it: libspng only says "exceeds limit".
std::optional<InputFailure> check_header_size(std::string_view bytes, const std::string& name, std::uint32_t max_side) {
  if (bytes.size() < 24 || bytes.substr(12, 4) != "IHDR") return std::nullopt;  // libspng reports that
  const std::uint32_t width = big_endian_u32(bytes, 16), height = big_endian_u32(bytes, 20);
  if (width >= 1 && height >= 1 && width <= max_side && height <= max_side) return std::nullopt;
  return failed(InputFailureKind::too_large, name,
                "the PNG header says " + std::to_string(width) + "x" + std::to_string(height) +
                    " pixels; images must be 1.." + std::to_string(max_side) + " pixels per side");
}

std::uint64_t idat_bytes(std::string_view bytes) {
  std::uint64_t total = 0;
  for (std::size_t at = kSignature.size(); at + 8 <= bytes.size();) {
    const std::uint32_t length = big_endian_u32(bytes, at);
    const std::string_view type = bytes.substr(at + 4, 4);
    // A chunk may claim more than the file holds; only what is there can be inflated.
    if (type == "IDAT") total += std::min<std::uint64_t>(length, bytes.size() - (at + 8));
    if (type == "IEND") break;
    at += std::size_t{12} + length;
  }
  return total;
}

// Deflate never needs much more room than the data it holds (stored blocks cost 5 bytes in 65535),
// so compressed pixel data far larger than the raw scanlines is a decompression bomb: libspng
// would inflate all of it (1 GiB for a "1x1" image) before noticing that it is surplus. Far
// smaller than deflate can pack them, and the header lies.
std::optional<InputFailure> check_compressed_size(std::string_view bytes, const spng_ihdr& header,
                                                  const std::string& name) {
  const int channels = header.color_type == SPNG_COLOR_TYPE_TRUECOLOR_ALPHA ? 4
                       : header.color_type == SPNG_COLOR_TYPE_TRUECOLOR     ? 3
                       : header.color_type == SPNG_COLOR_TYPE_GRAYSCALE_ALPHA ? 2
                                                                                : 1;
  const std::uint64_t row = (std::uint64_t{header.width} * channels * header.bit_depth + 7) / 8 + 1;
  const std::uint64_t raw = row * header.height;
  // Interlacing adds a filter byte and a partial byte per pass row: at most 16 per image row.
  const std::uint64_t allowed = raw + raw / 64 + 16 * (std::uint64_t{header.height} + 8) + 65536;
  const std::uint64_t compressed = idat_bytes(bytes);
  // Deflate packs at most 1032 bytes into one, so a file with less data than that is truncated
  // or lying about its size: refused before memory for the size it claims is taken.
  const std::uint64_t needed = raw / 1100;
  if (compressed < needed)
    return failed(InputFailureKind::corrupt, name,
                  "the PNG data is corrupt (" + std::to_string(compressed) + " bytes of pixel data cannot hold a " +
                      std::to_string(header.width) + "x" + std::to_string(header.height) + " image)");
  if (compressed <= allowed) return std::nullopt;
  return failed(InputFailureKind::too_large, name,
                "its compressed pixel data (" + std::to_string(compressed) + " bytes) is more than a " +
                    std::to_string(header.width) + "x" + std::to_string(header.height) + " image can hold (at most " +
                    std::to_string(allowed) + "); refused as a decompression bomb");
}

// BT.601 luma in fixed point; the same weights as the OpenCL luma kernel.
std::uint16_t luma16(std::uint16_t r, std::uint16_t g, std::uint16_t b) {
  return static_cast<std::uint16_t>((19595u * r + 38470u * g + 7471u * b + 32768u) >> 16);
}

std::uint8_t to8(std::uint16_t v) { return static_cast<std::uint8_t>((v + 128u) / 257u); }

// Appends decoded RGBA rows to the three pictures a caller may want. Rows are appended as they
// are decoded, so a file whose header lies about its size costs memory only for the rows it has.
template <class Channel>
class RowConverter {
 public:
  RowConverter(int width, bool is_grey) : width_(width) { loaded_.is_grey = is_grey; }

  void add(const Channel* row) {
    for (int x = 0; x < width_; ++x) {
      const Channel* p = row + 4 * x;
      const std::uint16_t r = wide(p[0]), g = wide(p[1]), b = wide(p[2]), a = wide(p[3]);
      const std::uint16_t grey = loaded_.is_grey ? r : luma16(r, g, b);
      loaded_.rgba.pixels.push_back(Rgba8{to8(r), to8(g), to8(b), to8(a)});
      loaded_.grey16.pixels.push_back(grey);
      loaded_.grey.pixels.push_back(to8(grey));
    }
    ++rows_;
  }

  LoadedImage finish() && {
    for (auto* size : {&loaded_.rgba.width, &loaded_.grey.width, &loaded_.grey16.width}) *size = width_;
    for (auto* size : {&loaded_.rgba.height, &loaded_.grey.height, &loaded_.grey16.height}) *size = rows_;
    return std::move(loaded_);
  }

 private:
  // 8-bit files are widened x257 so 255 maps to 65535 exactly, as 16-bit files would hold it.
  static std::uint16_t wide(Channel v) {
    if constexpr (sizeof(Channel) == 1) return static_cast<std::uint16_t>(v * 257u);
    else return v;
  }

  int width_;
  int rows_ = 0;
  LoadedImage loaded_;
};

// Row by row, so the time budget is checked between rows: a huge image gives up, not hangs.
// Interlaced rows arrive pass by pass, so those images need the whole picture in memory first.
template <class Channel>
std::variant<LoadedImage, InputFailure> decode_rows(spng_ctx* context, const spng_ihdr& header, int format,
                                                    const std::string& name, const DecodeBudget& budget) {
  const auto deadline = std::chrono::steady_clock::now() + budget.time;
  const std::size_t row_channels = std::size_t{4} * header.width;
  const bool interlaced = header.interlace_method != SPNG_INTERLACE_NONE;
  std::vector<Channel> decoded(row_channels * (interlaced ? header.height : 1));
  const bool is_grey = header.color_type == SPNG_COLOR_TYPE_GRAYSCALE ||
                       header.color_type == SPNG_COLOR_TYPE_GRAYSCALE_ALPHA;
  RowConverter<Channel> converter(static_cast<int>(header.width), is_grey);
  int error = spng_decode_image(context, nullptr, 0, format, SPNG_DECODE_TRNS | SPNG_DECODE_PROGRESSIVE);
  while (error == 0) {
    spng_row_info row{};
    if ((error = spng_get_row_info(context, &row)) != 0) break;
    Channel* destination = decoded.data() + (interlaced ? row.row_num * row_channels : 0);
    error = spng_decode_row(context, destination, row_channels * sizeof(Channel));
    if (!interlaced && (error == 0 || error == SPNG_EOI)) converter.add(destination);
    if (std::chrono::steady_clock::now() > deadline)
      return failed(InputFailureKind::timed_out, name,
                    "decoding took longer than " + std::to_string(budget.time.count()) + " ms; gave up");
  }
  if (error != SPNG_EOI) return corrupt(name, error);
  if (interlaced)
    for (std::uint32_t y = 0; y < header.height; ++y) converter.add(decoded.data() + y * row_channels);
  return std::move(converter).finish();
}

}  // namespace

std::variant<LoadedImage, InputFailure> decode_png(std::string_view bytes, const std::string& name,
                                                   const DecodeBudget& budget) {
  if (auto refused = check_signature(bytes, name)) return *refused;
  if (auto refused = check_header_size(bytes, name, budget.max_side)) return *refused;
  SpngContext context(spng_ctx_new(0), spng_ctx_free);
  if (!context) return failed(InputFailureKind::corrupt, name, "out of memory starting the PNG decoder");
  spng_set_image_limits(context.get(), budget.max_side, budget.max_side);
  spng_set_chunk_limits(context.get(), kChunkLimit, kChunkCacheLimit);
  if (int error = spng_set_png_buffer(context.get(), bytes.data(), bytes.size())) return corrupt(name, error);
  spng_ihdr header{};
  if (int error = spng_get_ihdr(context.get(), &header)) return corrupt(name, error);

  if (auto refused = check_compressed_size(bytes, header, name)) return *refused;
  const bool sixteen_bit = header.bit_depth == 16;
  const int format = sixteen_bit ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8;
  const std::size_t cap = std::size_t{budget.max_side} * budget.max_side * 4 * (sixteen_bit ? 2 : 1);
  std::size_t decoded_size = 0;
  if (int error = spng_decoded_image_size(context.get(), format, &decoded_size)) return corrupt(name, error);
  if (decoded_size > cap)
    return failed(InputFailureKind::too_large, name,
                  "decodes to " + std::to_string(decoded_size) + " bytes, over the " + std::to_string(cap) + " allowed");
  if (sixteen_bit) return decode_rows<std::uint16_t>(context.get(), header, format, name, budget);
  return decode_rows<std::uint8_t>(context.get(), header, format, name, budget);
}

EncodedPng encode_png(const RgbaImage& image, const PngMetadata& metadata) {
  if (image.empty()) return {{}, "nothing to save (the image is empty)"};
  SpngContext context(spng_ctx_new(SPNG_CTX_ENCODER), spng_ctx_free);
  if (!context) return {{}, "out of memory starting the PNG encoder"};
  spng_set_option(context.get(), SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr header{};
  header.width = static_cast<std::uint32_t>(image.width);
  header.height = static_cast<std::uint32_t>(image.height);
  header.bit_depth = 8;
  header.color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  int error = spng_set_ihdr(context.get(), &header);
  // pHYs counts pixels per metre; 96 dpi is 3779.5 per metre.
  const auto per_metre = static_cast<std::uint32_t>(metadata.dots_per_inch / 0.0254 + 0.5);
  spng_phys phys{per_metre, per_metre, 1};
  if (!error) error = spng_set_phys(context.get(), &phys);
  std::vector<spng_text> texts(metadata.text.size());
  for (std::size_t i = 0; i < texts.size() && !error; ++i) {
    const auto& [keyword, value] = metadata.text[i];
    if (keyword.empty() || keyword.size() >= sizeof texts[i].keyword)
      return {{}, "PNG text keyword \"" + keyword + "\": must be 1 to 79 characters"};
    std::memcpy(texts[i].keyword, keyword.c_str(), keyword.size() + 1);
    texts[i].type = SPNG_TEXT;
    texts[i].length = value.size();
    texts[i].text = const_cast<char*>(value.c_str());  // libspng copies it and does not write to it
  }
  if (!error && !texts.empty()) error = spng_set_text(context.get(), texts.data(), static_cast<std::uint32_t>(texts.size()));
  if (!error)
    error = spng_encode_image(context.get(), image.pixels.data(), image.size_bytes(), SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
  if (error) return {{}, std::string("cannot encode the PNG (") + spng_strerror(error) + ")"};
  std::size_t length = 0;
  std::unique_ptr<void, decltype(&std::free)> buffer(spng_get_png_buffer(context.get(), &length, &error), std::free);
  if (!buffer) return {{}, std::string("cannot encode the PNG (") + spng_strerror(error) + ")"};
  return {std::string(static_cast<const char*>(buffer.get()), length), {}};
}

}  // namespace stereocl
