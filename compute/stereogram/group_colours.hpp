#pragma once
// Which colours the symmetric algorithm's groups take for a pattern kind, and the random dots a
// picture samples: one rule for the window's engine and for stills, so both draw the same dots.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/image.hpp"

#include <cstdint>

namespace stereocl {

// Random dots hash (each group its own dot: no echoes, no rows repeating down the picture); the
// scene's colours are anchored to the column a group stands on; an image flows.
GroupColour group_colour_for(bool random_dots, bool from_scene);

// The random dots params sample: for hashed groups a palette kRandomPaletteColumns wide and one
// row high (the hash picks the dot, params.dot_size included); for the lookup algorithm a tile P
// wide of params.dot_size x params.dot_size dots, which it repeats.
RgbaImage random_dots_for(const StereogramParams& params, bool colour, std::uint32_t seed);

}  // namespace stereocl
