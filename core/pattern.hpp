#pragma once
// The tileable picture a stereogram repeats. Random dots need no seam care: any grid of
// independent random pixels tiles, because every neighbour pair across the seam is as random
// as any other pair.
#include "core/image.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

enum class PatternKind { random_grey, random_colour, image };

const char* pattern_kind_name(PatternKind kind);

// width x height random dots, reproducible for a seed.
RgbaImage make_random_pattern(int width, int height, bool colour, std::uint32_t seed);

// The pattern height we generate for a given width: square, but never fewer than 64 rows so a
// narrow pattern does not repeat visibly in both directions at once.
int generated_pattern_height(int width);

}  // namespace stereocl
