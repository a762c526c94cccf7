#pragma once
// PNG bytes to pixels and back, through libspng: a decoder written and fuzzed for hostile input.
// Every size is checked from the header before any pixel memory is taken, and decoding stops at a
// time budget, so a file can neither exhaust memory nor hold the caller for long.
#include "core/image.hpp"
#include "core/os/input_file.hpp"
#include "core/result.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace stereocl {

// The one form a consumer needs, decoded straight into it: a depth map wants exact 16-bit luma,
// a pattern wants RGBA8. Holding both (and an 8-bit copy) cost 7 bytes a pixel.
enum class PixelTarget { grey16, rgba8 };

struct LoadedImage {
  RgbaImage rgba;               // PixelTarget::rgba8: what the file holds, expanded to RGBA8
  Image<std::uint16_t> grey16;  // PixelTarget::grey16: luma (BT.601) at 16 bits, exact for grey files
  bool is_grey = false;         // the file had one or two channels (grey, grey+alpha)
  bool looks_grey = false;      // every pixel has r == g == b (many tools save depth maps as RGB)
};

// The image, or why not, with the kind of failure for callers (and tests) that care.
using ImageLoad = Result<LoadedImage, InputFailure>;

struct DecodeBudget {
  // GL_MAX_TEXTURE_SIZE is 16384 on the drivers we run on; a larger image could not be shown anyway.
  std::uint32_t max_side = 16384;
  // Read from the header, before any pixel is decoded: a pattern's width is its repeat, which
  // has a rule of its own (`width_rule` completes "N pixels wide; ...").
  std::uint32_t max_width = 16384;
  std::string width_rule;
  std::chrono::milliseconds time{20000};
};

// `name` starts every message ("depth.png: ..."). Failures are not_png, too_large, corrupt or
// timed_out. Bytes that are not a PNG are refused naming the format they look like; the other
// formats we read go through files/picture/image_decode.hpp.
ImageLoad decode_png(std::string_view bytes, const std::string& name, PixelTarget target,
                     const DecodeBudget& budget = {});

// A PNG's rows one at a time, top first, each as decode_png(grey16) gives it (the same luma and
// widening, to the bit), for a consumer that holds a band of rows rather than the picture (a still
// of a depth map). The same checks as decode_png before any row. Interlaced files arrive pass by
// pass, not row by row: open() refuses them (kind not_png) and the caller decodes them whole.
class PngGreyRows {
 public:
  // `bytes` are read as rows are asked for: they must outlive the reader (a temporary does not).
  static Result<PngGreyRows, InputFailure> open(std::string_view bytes, const std::string& name,
                                                const DecodeBudget& budget = {});
  static Result<PngGreyRows, InputFailure> open(std::string&& bytes, const std::string& name,
                                                const DecodeBudget& budget = {}) = delete;
  PngGreyRows(PngGreyRows&&) noexcept;
  PngGreyRows& operator=(PngGreyRows&&) noexcept;
  ~PngGreyRows();
  int width() const { return width_; }
  int height() const { return height_; }
  // The next row's width() values; a failure names the file and why (corrupt data, the time budget).
  Result<void, InputFailure> next(std::uint16_t* row);

 private:
  struct Decoder;
  explicit PngGreyRows(std::unique_ptr<Decoder> decoder);
  std::unique_ptr<Decoder> decoder_;
  int width_ = 0, height_ = 0;
};

// Width and height from the IHDR chunk, or nullopt where the bytes do not start a PNG.
std::optional<std::pair<std::uint32_t, std::uint32_t>> png_header_size(std::string_view bytes);

struct PngMetadata {
  double dots_per_inch = 96.0;                               // stored as a pHYs chunk
  std::vector<std::pair<std::string, std::string>> text;     // tEXt chunks: keyword (1-79 Latin-1), value
};

// The PNG file's bytes, or why it cannot be made (an empty image, a bad text keyword): 8-bit grey
// where every pixel is grey and opaque, RGB where every pixel is opaque, else RGBA; the same pixels
// decode from each.
Result<std::string> encode_png(const RgbaImage& image, const PngMetadata& metadata = {});

// A PNG written a row at a time, top first, into memory: for a still made a band at a time.
// `channels` 1 (grey), 3 (RGB) or 4 (RGBA), 8 bits each. `filtered`: PNG's filters, which pay on
// smooth pictures and cost on dots (encode_png decides by the picture).
class PngRowWriter {
 public:
  static Result<PngRowWriter> start(int width, int height, int channels, bool filtered, const PngMetadata& metadata);
  PngRowWriter(PngRowWriter&&) noexcept;
  PngRowWriter& operator=(PngRowWriter&&) noexcept;
  ~PngRowWriter();
  // One row of `width` pixels, written in the file's channels (their first `channels` bytes).
  Status add(const Rgba8* row);
  // The file's bytes, once every row is in.
  Result<std::string> finish();

 private:
  struct Encoder;
  explicit PngRowWriter(std::unique_ptr<Encoder> encoder);
  std::unique_ptr<Encoder> encoder_;
};

// Whether a picture's neighbouring pixels predict each other (a depth map, a photograph) rather
// than not (random dots): PNG's filters pay only then. Decided on every 16th row.
bool neighbours_predict(const RgbaImage& image);

// The fewest channels that hold every pixel exactly: 1 where each is grey and opaque, 3 where each
// is opaque, else 4. A picture sampled from a pattern needs no more than the pattern does.
int png_channels_for(const RgbaImage& image);

}  // namespace stereocl
