#pragma once
// The tileable picture a stereogram repeats. Random dots need no seam care: any grid of
// independent random pixels tiles, because every neighbour pair across the seam is as random
// as any other pair.
#include "core/image.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace stereocl {

// library: a pattern made by code (core/pattern_library.hpp), drawn at P like the dots.
enum class PatternKind { random_grey, random_colour, image, library };

const char* pattern_kind_name(PatternKind kind);

// width x height random dots, reproducible for a seed. Each dot is dot_size x dot_size pixels
// (blocks from the top-left corner, cut at the right and bottom edges): bigger dots for a
// projector or a distant screen. dot_size 1 gives the same picture as before dots had a size.
RgbaImage make_random_pattern(int width, int height, bool colour, std::uint32_t seed, int dot_size = 1);

inline constexpr int kMaxDotSize = 16;

// The pattern height we generate for a given width: square, but never fewer than 64 rows so a
// narrow pattern does not repeat visibly in both directions at once.
int generated_pattern_height(int width);

}  // namespace stereocl
