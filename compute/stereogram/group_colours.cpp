#include "compute/stereogram/group_colours.hpp"

#include "core/pattern.hpp"

namespace stereocl {

GroupColour group_colour_for(bool random_dots, bool from_scene) {
  if (random_dots) return GroupColour::hashed;
  return from_scene ? GroupColour::anchored : GroupColour::flowing;
}

RgbaImage random_dots_for(const StereogramParams& params, bool colour, std::uint32_t seed) {
  if (params.algorithm == StereogramAlgorithm::symmetric && params.group_colour == GroupColour::hashed)
    return make_random_pattern(kRandomPaletteColumns, 1, colour, seed, 1);
  const int width = params.pattern_width;
  return make_random_pattern(width, generated_pattern_height(width), colour, seed, params.dot_size);
}

}  // namespace stereocl
