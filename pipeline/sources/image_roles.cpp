#include "pipeline/sources/image_roles.hpp"

#include "core/memory_budget.hpp"
#include "files/picture/image_decode.hpp"

#include <algorithm>
#include <tuple>

namespace stereocl {
namespace {

// A pattern is kept at its own size and scaled to P (core/image_resample.hpp) whenever P
// changes: a larger picture would only cost memory and time for detail P never shows.
DecodeBudget pattern_budget(DecodeBudget budget) {
  budget.max_side = std::min(budget.max_side, kMaxPatternFileSide);
  return budget;
}

}  // namespace

// A depth map's size becomes the scene's, so its size is weighed against the memory budget from
// the header, before its pixels are decoded.
ImageLoad decode_depth_map(const std::string& bytes, const std::string& path, const DecodeBudget& budget) {
  const auto size = image_header_size(bytes);
  if (size && size->first <= budget.max_side && size->second <= budget.max_side)  // else the decoder names the rule
    if (const Status allowed = memory_allows(path, size->first, size->second); !allowed)
      return InputFailure{InputFailureKind::too_large, allowed.error()};
  return decode_image(bytes, path, PixelTarget::grey16, budget);
}

ImageLoad load_depth_map(const std::string& path, const ImageLoadBudget& budget) {
  const Result<std::string, InputFailure> bytes = read_input_file(path, budget.read);
  if (!bytes) return bytes.failure();
  return decode_depth_map(*bytes, input_name(path), budget.decode);
}

ImageLoad load_pattern(const std::string& path, const ImageLoadBudget& budget) {
  return load_image_file(path, PixelTarget::rgba8, {budget.read, pattern_budget(budget.decode)});
}

ImageLoad load_dropped_image(const std::string& path, const ImageLoadBudget& budget) {
  // A still or a start waits for a slow pipe; a drop is read while the window runs, and one that
  // never ends would hold the one load a window may have under way.
  ReadBudget read = budget.read;
  if (!read.pipe_timeout) read.pipe_timeout = kDroppedPipeTimeout;
  const Result<std::string, InputFailure> bytes = read_input_file(path, read);
  if (!bytes && bytes.failure().kind == InputFailureKind::timed_out)
    return InputFailure{InputFailureKind::timed_out, bytes.failure().message + ", the time a dropped file is given"};
  if (!bytes) return bytes.failure();
  const std::string& file = *bytes;
  ImageLoad depth = decode_depth_map(file, input_name(path), budget.decode);
  if (!depth || depth->looks_grey) return depth;
  depth = InputFailure{};  // a colour picture: its memory goes before the pattern's is taken
  return decode_image(file, path, PixelTarget::rgba8, pattern_budget(budget.decode));
}

Result<LookImages, InputFailure> load_look_images(const std::string& pattern_file, const std::string& depth_file) {
  LookImages images;
  for (auto [path, image, load] : {std::tuple{&pattern_file, &images.pattern, &load_pattern},
                                   std::tuple{&depth_file, &images.depth, &load_depth_map}}) {
    if (path->empty()) continue;
    ImageLoad loaded = load(*path, {});
    if (!loaded) return loaded.failure();
    *image = std::move(*loaded);
  }
  return images;
}

}  // namespace stereocl
