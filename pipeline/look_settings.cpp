#include "pipeline/look_settings.hpp"

#include "compute/stereogram/group_colours.hpp"

namespace stereocl {

void settle_group_colours(LookSettings& look) {
  const bool random_dots =
      look.pattern_kind == PatternKind::random_grey || look.pattern_kind == PatternKind::random_colour;
  const bool from_scene = look.pattern_kind == PatternKind::library && look.library_pattern->from_scene();
  look.stereogram.group_colour = group_colour_for(random_dots, from_scene);
}

}  // namespace stereocl
