#pragma once
// Image files in and out: the file read once (core/os/input_file), decoded with limits (PNG, JPEG,
// WebP, TIFF, PGM/PPM: files/picture/image_decode), written as PNG atomically (core/os/atomic_file). Errors come back as a one-line
// reason, never as an exception or a crash, because image paths are user input.
#include "core/result.hpp"
#include "core/image.hpp"
#include "files/picture/image_decode.hpp"
#include "core/os/input_file.hpp"
#include "files/picture/png_codec.hpp"

#include <string>
#include <vector>

namespace stereocl {

// A picture's read budget: what is no picture is refused at its first bytes.
inline ReadBudget picture_read_budget() {
  ReadBudget budget;
  budget.check_start = image_start_recognised;
  return budget;
}

struct ImageLoadBudget {
  ReadBudget read = picture_read_budget();
  DecodeBudget decode;
};

ImageLoad load_image_file(const std::string& path, PixelTarget target, const ImageLoadBudget& budget = {});

// The image, or a reason such as "depth.gif: looks like a GIF image; PNG, JPEG, ... are read".
Result<LoadedImage> load_image(const std::string& path, PixelTarget target);

// Writes an 8-bit RGBA PNG atomically, or says why not ("shot.png: cannot write it: ...").
// `inputs` are files it must never overwrite (the --depth and --pattern files).
Status save_png(const std::string& path, const RgbaImage& image, const PngMetadata& metadata = {},
                const std::vector<std::string>& inputs = {});

}  // namespace stereocl
