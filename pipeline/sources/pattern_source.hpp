#pragma once
// The pattern's inputs: a --pattern or dropped picture, kept as it came and scaled to P whenever
// P changes, so P stays what the user or the physical units say and a shrunk pattern can grow
// again without loss; and the recipe it was last drawn from, so a change to any input draws it
// again and no list of changes can forget one.
#include "core/image.hpp"
#include "pipeline/look_settings.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

class PatternSource {
 public:
  void take_image(const RgbaImage& image, const std::string& name);
  bool has_image() const { return !image_.empty(); }
  // The file behind the picture ("" before one), for the saved pictures' text chunks.
  const std::string& name() const { return name_; }
  // The pattern for `look` where it differs from the one last drawn; nullopt where it does not,
  // or where the pattern is cut from each frame's colour (--pattern scene). With `shimmer` a new
  // random pattern every frame.
  std::optional<RgbaImage> redraw(const LookSettings& look, bool shimmer);

 private:
  struct Recipe {
    StereogramParams stereogram;  // P, the algorithm's dot groups, the dots' size
    PatternKind kind{};
    const PatternRow* library = nullptr;
    std::uint32_t seed = 0;   // the shimmer's frame added
    std::uint64_t image = 0;  // images_ at the time
    friend bool operator==(const Recipe&, const Recipe&) = default;
  };
  RgbaImage image_;  // at its own size, top row first
  std::string name_;
  std::uint64_t images_ = 0;  // counts them: a new one is a new pattern
  std::optional<Recipe> drawn_;
  std::uint32_t shimmer_frame_ = 0;
};

}  // namespace stereocl
