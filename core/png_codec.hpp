#pragma once
// PNG bytes to pixels and back, through libspng: a decoder written and fuzzed for hostile input.
// Every size is checked from the header before any pixel memory is taken, and decoding stops at a
// time budget, so a file can neither exhaust memory nor hold the caller for long.
#include "core/image.hpp"
#include "core/input_file.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace stereocl {

struct LoadedImage {
  RgbaImage rgba;               // what the file holds, expanded to RGBA8
  GreyImage grey;               // luma (BT.601), 8-bit
  Image<std::uint16_t> grey16;  // luma at 16 bits, exact for 16-bit grey files
  bool is_grey = false;         // the file had one or two channels (grey, grey+alpha)
};

struct DecodeBudget {
  // GL_MAX_TEXTURE_SIZE is 16384 on the drivers we run on; a larger image could not be shown anyway.
  std::uint32_t max_side = 16384;
  std::chrono::milliseconds time{20000};
};

// `name` starts every message ("depth.png: ..."). Failures are not_png, too_large, corrupt or
// timed_out. Other formats are refused on purpose, by name: only PNG carries 16-bit grey
// losslessly, which depth maps need, and one format is one decoder to trust.
std::variant<LoadedImage, InputFailure> decode_png(std::string_view bytes, const std::string& name,
                                                   const DecodeBudget& budget = {});

struct PngMetadata {
  double dots_per_inch = 96.0;                               // stored as a pHYs chunk
  std::vector<std::pair<std::string, std::string>> text;     // tEXt chunks: keyword (1-79 Latin-1), value
};

struct EncodedPng {
  std::string bytes;
  std::string error;  // empty on success
};

EncodedPng encode_png(const RgbaImage& image, const PngMetadata& metadata = {});

}  // namespace stereocl
