#include "pipeline/sources/pattern_source.hpp"

#include "pipeline/frame/frame_pattern.hpp"

namespace stereocl {

void PatternSource::take_image(const RgbaImage& image, const std::string& name) {
  image_ = image;
  ++images_;
  name_ = name;
}

std::optional<RgbaImage> PatternSource::redraw(const LookSettings& look, bool shimmer) {
  // Shimmer: the depth is unchanged, so the shape holds still while the dots dance -- proof that
  // the picture lives in the repeats, not in the dots.
  shimmer_frame_ = shimmer && look.pattern_kind != PatternKind::image ? shimmer_frame_ + 1 : 0;
  const Recipe recipe{.stereogram = look.stereogram,
                      .kind = look.pattern_kind,
                      .library = look.library_pattern,
                      .seed = look.seed + shimmer_frame_,
                      .image = images_};
  if (recipe == drawn_) return std::nullopt;
  drawn_ = recipe;
  return frame_pattern(recipe.stereogram, recipe.kind, recipe.library, recipe.seed, image_);
}

}  // namespace stereocl
