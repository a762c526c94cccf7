#pragma once
// PNG in and out through stb. Errors come back as a one-line reason, never as an exception
// or a crash, because image paths are user input.
#include "core/image.hpp"

#include <string>
#include <variant>

namespace stereocl {

struct LoadedImage {
  RgbaImage rgba;        // what the file holds, expanded to RGBA8
  GreyImage grey;        // luma (BT.601), 8-bit
  Image<std::uint16_t> grey16;  // luma at 16 bits, exact for 16-bit grey files
  bool is_grey = false;  // the file had one or two channels (grey, grey+alpha)
};

// The image, or a reason such as "depth.png: not a PNG or JPEG image (bad signature)".
std::variant<LoadedImage, std::string> load_image(const std::string& path);

// Writes an 8-bit RGBA PNG; returns an empty string on success, else the reason.
std::string save_png(const std::string& path, const RgbaImage& image);

}  // namespace stereocl
