#pragma once
// The two things an image file can be, each decoded straight into the form it needs: a depth map
// into 16-bit luma, a pattern into RGBA8 with its size checked from the header before any pixel
// is decoded. A dropped file is first read as a depth map, and as a pattern only
// when its pixels have colour.
#include "files/picture/image_file.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace stereocl {

// A pattern file's largest side (it is scaled to the pattern width, at most 1024).
inline constexpr std::uint32_t kMaxPatternFileSide = 4096;

ImageLoad load_depth_map(const std::string& path, const ImageLoadBudget& budget = {});
// The same for a file already read (`name` starts its messages).
ImageLoad decode_depth_map(const std::string& bytes, const std::string& name, const DecodeBudget& budget = {});
ImageLoad load_pattern(const std::string& path, const ImageLoadBudget& budget = {});
// A dropped file that is a pipe is given this long to end where `budget` gives no time (the window
// goes on meanwhile, but loads one file at a time).
inline constexpr std::chrono::milliseconds kDroppedPipeTimeout{10000};
ImageLoad load_dropped_image(const std::string& path, const ImageLoadBudget& budget = {});

// A look's pattern and depth map (either may be absent), both decoded before anything uses them.
struct LookImages {
  std::optional<LoadedImage> pattern;
  std::optional<LoadedImage> depth;
};

// Each file that is named (not empty), or the first one's refusal.
Result<LookImages, InputFailure> load_look_images(const std::string& pattern_file, const std::string& depth_file);

}  // namespace stereocl
