#include "files/picture/png_codec.hpp"

#include "files/picture/decoded_pixels.hpp"

#include "files/picture/image_format_guess.hpp"

#include <spng.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <tuple>

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
  // Not damage: a text, ICC or EXIF chunk larger, or more of them, than stereocl reads.
  if (error == SPNG_ECHUNK_LIMITS || error == SPNG_EMEM)
    return failed(InputFailureKind::too_large, name,
                  "its metadata chunks (text, ICC profile, EXIF) are over the " + std::to_string(kChunkLimit >> 20) +
                      " MiB each and " + std::to_string(kChunkCacheLimit >> 20) +
                      " MiB in all that stereocl reads; save the image without them");
  return failed(InputFailureKind::corrupt, name, std::string("the PNG data is corrupt (") + spng_strerror(error) + ")");
}

std::uint32_t big_endian_u32(std::string_view bytes, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])); };
  return byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
}

// Reached for bytes no decoder recognised (files/picture/image_decode.hpp), or by a caller of decode_png().
constexpr std::string_view kFormatsRead = "PNG, JPEG, WebP, TIFF and PGM/PPM images are read";

InputStatus check_signature(std::string_view bytes, const std::string& name) {
  if (bytes.substr(0, kSignature.size()) == kSignature) return {};
  if (bytes.empty()) return failed(InputFailureKind::not_png, name, "the file is empty; " + std::string(kFormatsRead));
  const auto format = guess_image_format(bytes);
  return failed(InputFailureKind::not_png, name,
                (format ? "looks like " + *format : std::string("is not a PNG image (no PNG signature)")) + "; " +
                    std::string(kFormatsRead));
}

}  // namespace

std::optional<std::pair<std::uint32_t, std::uint32_t>> png_header_size(std::string_view bytes) {
  if (bytes.size() < 24 || bytes.substr(0, kSignature.size()) != kSignature || bytes.substr(12, 4) != "IHDR")
    return std::nullopt;
  return std::pair{big_endian_u32(bytes, 16), big_endian_u32(bytes, 20)};
}

namespace {

// The header's size, read by hand so a refusal can name it: libspng only says "exceeds limit".
InputStatus check_header_size(std::string_view bytes, const std::string& name, const DecodeBudget& budget) {
  const auto size = png_header_size(bytes);
  if (!size) return {};  // libspng reports that
  const auto [width, height] = *size;
  if (width < 1 || height < 1 || width > budget.max_side || height > budget.max_side)
    return failed(InputFailureKind::too_large, name,
                  "the PNG header says " + std::to_string(width) + "x" + std::to_string(height) +
                      " pixels; images must be 1.." + std::to_string(budget.max_side) + " pixels per side");
  if (width > budget.max_width)
    return failed(InputFailureKind::too_large, name, std::to_string(width) + " pixels wide; " + budget.width_rule);
  return {};
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
InputStatus check_compressed_size(std::string_view bytes, const spng_ihdr& header, const std::string& name) {
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
  if (compressed <= allowed) return {};
  return failed(InputFailureKind::too_large, name,
                "its compressed pixel data (" + std::to_string(compressed) + " bytes) is more than a " +
                    std::to_string(header.width) + "x" + std::to_string(header.height) + " image can hold (at most " +
                    std::to_string(allowed) + "); refused as a decompression bomb");
}

// 8-bit files are widened x257 so 255 maps to 65535 exactly, as 16-bit files would hold it.
template <class Channel>
std::uint16_t wide(Channel v) {
  if constexpr (sizeof(Channel) == 1) return static_cast<std::uint16_t>(v * 257u);
  else return v;
}

// A decoded RGBA pixel's 16-bit luma: a grey file's own value, else BT.601.
template <class Channel>
std::uint16_t grey16_of(const Channel* p, bool is_grey) {
  const std::uint16_t r = wide(p[0]);
  return is_grey ? r : luma16(r, wide(p[1]), wide(p[2]));
}

// Decoded RGBA rows (8 or 16 bits a channel) into the one target picture. Rows in file order are
// appended into reserved memory, so a file whose header lies about its size costs memory only
// for the rows it has; interlaced rows arrive pass by pass, so those need the picture sized first.
template <class Channel>
class RowConverter {
 public:
  RowConverter(const spng_ihdr& header, PixelTarget target) : width_(static_cast<int>(header.width)), target_(target) {
    loaded_.is_grey = header.color_type == SPNG_COLOR_TYPE_GRAYSCALE || header.color_type == SPNG_COLOR_TYPE_GRAYSCALE_ALPHA;
    loaded_.looks_grey = true;
    const std::size_t pixels = std::size_t{header.width} * header.height;
    interlaced_ = header.interlace_method != SPNG_INTERLACE_NONE;
    if (interlaced_) {
      rows_ = static_cast<int>(header.height);
      if (target == PixelTarget::grey16) loaded_.grey16.pixels.resize(pixels);
      else loaded_.rgba.pixels.resize(pixels);
    } else if (target == PixelTarget::grey16) {
      loaded_.grey16.pixels.reserve(pixels);
    } else {
      loaded_.rgba.pixels.reserve(pixels);
    }
  }

  // A row in file order, or one pass of an interlaced row: only its pixels (x0, x0 + dx, ...) are new.
  void add(const Channel* row, std::uint32_t row_number, int pass) {
    static constexpr int kFirstX[7] = {0, 4, 0, 2, 0, 1, 0}, kStepX[7] = {8, 8, 4, 4, 2, 2, 1};
    const int first = interlaced_ ? kFirstX[pass] : 0, step = interlaced_ ? kStepX[pass] : 1;
    const std::size_t base = std::size_t{row_number} * static_cast<std::size_t>(width_);
    for (int x = first; x < width_; x += step) {
      const Channel* p = row + 4 * x;
      const std::uint16_t r = wide(p[0]), g = wide(p[1]), b = wide(p[2]);
      loaded_.looks_grey = loaded_.looks_grey && r == g && g == b;
      if (target_ == PixelTarget::grey16) {
        const std::uint16_t grey = grey16_of(p, loaded_.is_grey);
        if (interlaced_) loaded_.grey16.pixels[base + x] = grey;
        else loaded_.grey16.pixels.push_back(grey);
      } else {
        const Rgba8 pixel{to8(r), to8(g), to8(b), to8(wide(p[3]))};
        if (interlaced_) loaded_.rgba.pixels[base + x] = pixel;
        else loaded_.rgba.pixels.push_back(pixel);
      }
    }
    if (!interlaced_) ++rows_;
  }

  LoadedImage finish() && {
    Image<std::uint16_t>& grey = loaded_.grey16;
    RgbaImage& rgba = loaded_.rgba;
    if (target_ == PixelTarget::grey16) std::tie(grey.width, grey.height) = std::pair{width_, rows_};
    else std::tie(rgba.width, rgba.height) = std::pair{width_, rows_};
    return std::move(loaded_);
  }

 private:
  int width_;
  PixelTarget target_;
  bool interlaced_ = false;
  int rows_ = 0;
  LoadedImage loaded_;
};

// Row by row, so the time budget is checked between rows: a huge image gives up, not hangs.
template <class Channel>
ImageLoad decode_rows(spng_ctx* context, const spng_ihdr& header, int format, PixelTarget target,
                      const std::string& name, const DecodeBudget& budget) {
  const auto deadline = std::chrono::steady_clock::now() + budget.time;
  // One scratch row: libspng writes each interlace pass's pixels into it at their final x.
  std::vector<Channel> row_pixels(std::size_t{4} * header.width);
  RowConverter<Channel> converter(header, target);
  int error = spng_decode_image(context, nullptr, 0, format, SPNG_DECODE_TRNS | SPNG_DECODE_PROGRESSIVE);
  while (error == 0) {
    spng_row_info row{};
    if ((error = spng_get_row_info(context, &row)) != 0) break;
    error = spng_decode_row(context, row_pixels.data(), row_pixels.size() * sizeof(Channel));
    if (error == 0 || error == SPNG_EOI) converter.add(row_pixels.data(), row.row_num, row.pass);
    if (std::chrono::steady_clock::now() > deadline)
      return failed(InputFailureKind::timed_out, name,
                    "decoding took longer than " + std::to_string(budget.time.count()) + " ms; gave up");
  }
  if (error != SPNG_EOI) return corrupt(name, error);
  return std::move(converter).finish();
}

}  // namespace

namespace {

struct OpenedPng {
  SpngContext context{nullptr, spng_ctx_free};
  spng_ihdr header{};
  int format = 0;  // RGBA8 or RGBA16, as the file's depth
};

// Every check before a pixel is decoded: the signature, the header's size, the compressed data
// against what the size can hold, and the decoded size against the budget.
Result<OpenedPng, InputFailure> open_png(std::string_view bytes, const std::string& name, const DecodeBudget& budget) {
  if (const InputStatus png = check_signature(bytes, name); !png) return png.failure();
  if (const InputStatus size = check_header_size(bytes, name, budget); !size) return size.failure();
  OpenedPng opened;
  opened.context.reset(spng_ctx_new(0));
  spng_ctx* context = opened.context.get();
  if (!context) return failed(InputFailureKind::corrupt, name, "out of memory starting the PNG decoder");
  spng_set_image_limits(context, budget.max_side, budget.max_side);
  spng_set_chunk_limits(context, kChunkLimit, kChunkCacheLimit);
  if (int error = spng_set_png_buffer(context, bytes.data(), bytes.size())) return corrupt(name, error);
  if (int error = spng_get_ihdr(context, &opened.header)) return corrupt(name, error);
  if (const InputStatus data = check_compressed_size(bytes, opened.header, name); !data) return data.failure();
  const bool sixteen_bit = opened.header.bit_depth == 16;
  opened.format = sixteen_bit ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8;
  const std::size_t cap = std::size_t{budget.max_side} * budget.max_side * 4 * (sixteen_bit ? 2 : 1);
  std::size_t decoded_size = 0;
  if (int error = spng_decoded_image_size(context, opened.format, &decoded_size)) return corrupt(name, error);
  if (decoded_size > cap)
    return failed(InputFailureKind::too_large, name,
                  "decodes to " + std::to_string(decoded_size) + " bytes, over the " + std::to_string(cap) + " allowed");
  return opened;
}

}  // namespace

ImageLoad decode_png(std::string_view bytes, const std::string& name, PixelTarget target, const DecodeBudget& budget) {
  Result<OpenedPng, InputFailure> opened = open_png(bytes, name, budget);
  if (!opened) return opened.failure();
  if (opened->header.bit_depth == 16)
    return decode_rows<std::uint16_t>(opened->context.get(), opened->header, opened->format, target, name, budget);
  return decode_rows<std::uint8_t>(opened->context.get(), opened->header, opened->format, target, name, budget);
}

struct PngGreyRows::Decoder {
  OpenedPng png;
  std::string name;
  std::chrono::milliseconds time{};
  std::chrono::steady_clock::duration decoding{};  // the rows' decoding only, not the caller's work between rows
  bool is_grey = false;
  // An 8-bit grey file's rows as its own samples (SPNG_FMT_G8): a depth map's usual form, a
  // quarter of the bytes to expand; else RGBA rows at the file's depth, as decode_png reads them.
  bool grey8 = false;
  std::vector<std::uint16_t> row16;
  std::vector<std::uint8_t> row8;
};

PngGreyRows::PngGreyRows(std::unique_ptr<Decoder> decoder) : decoder_(std::move(decoder)) {
  width_ = static_cast<int>(decoder_->png.header.width);
  height_ = static_cast<int>(decoder_->png.header.height);
}
PngGreyRows::PngGreyRows(PngGreyRows&&) noexcept = default;
PngGreyRows& PngGreyRows::operator=(PngGreyRows&&) noexcept = default;
PngGreyRows::~PngGreyRows() = default;

Result<PngGreyRows, InputFailure> PngGreyRows::open(std::string_view bytes, const std::string& name,
                                                    const DecodeBudget& budget) {
  Result<OpenedPng, InputFailure> opened = open_png(bytes, name, budget);
  if (!opened) return opened.failure();
  if (opened->header.interlace_method != SPNG_INTERLACE_NONE)
    return failed(InputFailureKind::not_png, name, "interlaced: its rows arrive pass by pass, not one at a time");
  auto decoder = std::make_unique<Decoder>();
  decoder->png = std::move(*opened);
  const spng_ihdr& header = decoder->png.header;
  decoder->name = name;
  decoder->time = budget.time;
  decoder->is_grey = header.color_type == SPNG_COLOR_TYPE_GRAYSCALE || header.color_type == SPNG_COLOR_TYPE_GRAYSCALE_ALPHA;
  decoder->grey8 = header.color_type == SPNG_COLOR_TYPE_GRAYSCALE && header.bit_depth == 8;
  const std::size_t samples = std::size_t{decoder->grey8 ? 1u : 4u} * header.width;
  (header.bit_depth == 16 ? decoder->row16.resize(samples) : decoder->row8.resize(samples));
  const int format = decoder->grey8 ? SPNG_FMT_G8 : decoder->png.format;
  if (int error = spng_decode_image(decoder->png.context.get(), nullptr, 0, format,
                                    SPNG_DECODE_TRNS | SPNG_DECODE_PROGRESSIVE))
    return corrupt(name, error);
  return PngGreyRows(std::move(decoder));
}

Result<void, InputFailure> PngGreyRows::next(std::uint16_t* row) {
  Decoder& d = *decoder_;
  const auto started = std::chrono::steady_clock::now();
  const bool sixteen_bit = !d.row16.empty();
  const int error = sixteen_bit ? spng_decode_row(d.png.context.get(), d.row16.data(), d.row16.size() * 2)
                                : spng_decode_row(d.png.context.get(), d.row8.data(), d.row8.size());
  if (error != 0 && error != SPNG_EOI) return corrupt(d.name, error);
  if (d.grey8)
    for (int x = 0; x < width_; ++x) row[x] = wide(d.row8[static_cast<std::size_t>(x)]);
  else
    for (int x = 0; x < width_; ++x)
      row[x] = sixteen_bit ? grey16_of(d.row16.data() + 4 * x, d.is_grey) : grey16_of(d.row8.data() + 4 * x, d.is_grey);
  d.decoding += std::chrono::steady_clock::now() - started;
  if (d.decoding > d.time)
    return failed(InputFailureKind::timed_out, d.name,
                  "decoding took longer than " + std::to_string(d.time.count()) + " ms; gave up");
  return {};
}

namespace {

// PNG's filters predict each byte from its neighbours: they pay on smooth pictures (a depth map, a
// photograph) and cost on dots, whose neighbours predict nothing, where unfiltered rows also keep
// a stereogram's exact repeats for deflate to find. A 1080p random-dot stereogram: unfiltered
// 170 KB in 138 ms, libspng's adaptive choice 199 KB in 165 ms (docs/performance.md section 44).
// Neighbours whose red differs by 32 or more on average predict nothing.
}  // namespace

bool neighbours_predict(const RgbaImage& image) {
  long long difference = 0, pairs = 0;
  for (int y = 0; y < image.height; y += 16)
    for (int x = 1; x < image.width; ++x, ++pairs)
      difference += std::abs(image.at(x, y).r - image.at(x - 1, y).r);
  return pairs == 0 || difference < 32 * pairs;
}

// The fewest channels that hold the picture exactly: grey dots need one (an RGBA still of grey
// dots was 697 KB where pamstereogram's grey one is 241 KB), an opaque picture three.
int png_channels_for(const RgbaImage& image) {
  bool grey = true;
  for (const Rgba8& pixel : image.pixels) {
    if (pixel.a != 255) return 4;
    grey = grey && pixel.r == pixel.g && pixel.g == pixel.b;
  }
  return grey ? 1 : 3;
}

namespace {

std::uint8_t colour_type_of(int channels) {
  return channels == 1 ? SPNG_COLOR_TYPE_GRAYSCALE
         : channels == 3 ? SPNG_COLOR_TYPE_TRUECOLOR
                         : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
}

Status encode_failure(int error) { return failure(std::string("cannot encode the PNG (") + spng_strerror(error) + ")"); }

}  // namespace

struct PngRowWriter::Encoder {
  SpngContext context{nullptr, spng_ctx_free};
  int channels = 4;
  std::vector<std::uint8_t> samples;  // one row's, in the file's channels
};

PngRowWriter::PngRowWriter(std::unique_ptr<Encoder> encoder) : encoder_(std::move(encoder)) {}
PngRowWriter::PngRowWriter(PngRowWriter&&) noexcept = default;
PngRowWriter& PngRowWriter::operator=(PngRowWriter&&) noexcept = default;
PngRowWriter::~PngRowWriter() = default;

Result<PngRowWriter> PngRowWriter::start(int width, int height, int channels, bool filtered, const PngMetadata& metadata) {
  if (width < 1 || height < 1) return failure("nothing to save (the image is empty)");
  auto encoder = std::make_unique<Encoder>();
  encoder->context.reset(spng_ctx_new(SPNG_CTX_ENCODER));
  spng_ctx* context = encoder->context.get();
  if (!context) return failure("out of memory starting the PNG encoder");
  encoder->channels = channels;
  encoder->samples.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(channels));
  spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1);
  spng_set_option(context, SPNG_FILTER_CHOICE, filtered ? SPNG_FILTER_CHOICE_ALL : SPNG_DISABLE_FILTERING);
  spng_ihdr header{};
  header.width = static_cast<std::uint32_t>(width);
  header.height = static_cast<std::uint32_t>(height);
  header.bit_depth = 8;
  header.color_type = colour_type_of(channels);
  int error = spng_set_ihdr(context, &header);
  // pHYs counts pixels per metre; 96 dpi is 3779.5 per metre.
  const auto per_metre = static_cast<std::uint32_t>(metadata.dots_per_inch / 0.0254 + 0.5);
  spng_phys phys{per_metre, per_metre, 1};
  if (!error) error = spng_set_phys(context, &phys);
  std::vector<spng_text> texts(metadata.text.size());
  for (std::size_t i = 0; i < texts.size() && !error; ++i) {
    const auto& [keyword, value] = metadata.text[i];
    if (keyword.empty() || keyword.size() >= sizeof texts[i].keyword)
      return failure("PNG text keyword \"" + keyword + "\": must be 1 to 79 characters");
    std::memcpy(texts[i].keyword, keyword.c_str(), keyword.size() + 1);
    texts[i].type = SPNG_TEXT;
    texts[i].length = value.size();
    texts[i].text = const_cast<char*>(value.c_str());  // libspng copies it and does not write to it
  }
  if (!error && !texts.empty()) error = spng_set_text(context, texts.data(), static_cast<std::uint32_t>(texts.size()));
  if (!error) error = spng_encode_image(context, nullptr, 0, SPNG_FMT_PNG, SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE);
  if (error) return encode_failure(error).failure();
  return PngRowWriter(std::move(encoder));
}

Status PngRowWriter::add(const Rgba8* row) {
  std::vector<std::uint8_t>& samples = encoder_->samples;
  const int channels = encoder_->channels;
  const std::size_t width = samples.size() / static_cast<std::size_t>(channels);
  for (std::size_t x = 0; x < width; ++x) std::memcpy(&samples[x * channels], &row[x].r, static_cast<std::size_t>(channels));
  const int error = spng_encode_row(encoder_->context.get(), samples.data(), samples.size());
  return error == 0 || error == SPNG_EOI ? Status{} : encode_failure(error);
}

Result<std::string> PngRowWriter::finish() {
  int error = 0;
  std::size_t length = 0;
  std::unique_ptr<void, decltype(&std::free)> buffer(spng_get_png_buffer(encoder_->context.get(), &length, &error),
                                                     std::free);
  if (!buffer) return encode_failure(error).failure();
  return std::string(static_cast<const char*>(buffer.get()), length);
}

Result<std::string> encode_png(const RgbaImage& image, const PngMetadata& metadata) {
  if (image.empty()) return failure("nothing to save (the image is empty)");
  Result<PngRowWriter> writer =
      PngRowWriter::start(image.width, image.height, png_channels_for(image), neighbours_predict(image), metadata);
  if (!writer) return failure(writer.error());
  for (int y = 0; y < image.height; ++y)
    if (const Status added = writer->add(&image.pixels[static_cast<std::size_t>(y) * image.width]); !added)
      return failure(added.error());
  return writer->finish();
}

}  // namespace stereocl
