#include "pipeline/look_settings.hpp"

#include "compute/stereogram/group_colours.hpp"

namespace stereocl {

void settle_group_colours(LookSettings& look) {
  const bool random_dots =
      look.pattern_kind == PatternKind::random_grey || look.pattern_kind == PatternKind::random_colour;
  const bool from_scene = look.pattern_kind == PatternKind::library && look.library_pattern->from_scene();
  look.stereogram.group_colour = group_colour_for(random_dots, from_scene);
}

std::optional<RgbaImage> pattern_drawn_by_code(const StereogramParams& stereogram, PatternKind kind,
                                               const PatternRow* library, std::uint32_t seed) {
  const int width = stereogram.pattern_width;
  switch (kind) {
    case PatternKind::random_grey:
    case PatternKind::random_colour:
      return random_dots_for(stereogram, kind == PatternKind::random_colour, seed);
    case PatternKind::library:
      if (library->from_scene()) return std::nullopt;
      return library->draw(width, generated_pattern_height(width), seed);
    case PatternKind::image:
      break;
  }
  return std::nullopt;
}

}  // namespace stereocl
