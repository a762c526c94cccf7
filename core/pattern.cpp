#include "core/pattern.hpp"

#include <algorithm>
#include <random>

namespace stereocl {

const char* pattern_kind_name(PatternKind kind) {
  switch (kind) {
    case PatternKind::random_grey: return "random grey";
    case PatternKind::random_colour: return "random colour";
    case PatternKind::image: return "image";
    case PatternKind::library:
      return "library";
  }
  return "?";
}

int generated_pattern_height(int width) { return std::max(width, 64); }

RgbaImage make_random_pattern(int width, int height, bool colour, std::uint32_t seed, int dot_size) {
  RgbaImage pattern(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  const auto next_dot = [&] {
    if (!colour) {
      const auto v = static_cast<std::uint8_t>(byte(random));
      return Rgba8{v, v, v, 255};
    }
    const auto r = static_cast<std::uint8_t>(byte(random)), g = static_cast<std::uint8_t>(byte(random));
    return Rgba8{r, g, static_cast<std::uint8_t>(byte(random)), 255};
  };
  const int size = std::max(dot_size, 1);
  for (int top = 0; top < height; top += size)
    for (int left = 0; left < width; left += size) {
      const Rgba8 dot = next_dot();
      for (int y = top; y < std::min(top + size, height); ++y)
        for (int x = left; x < std::min(left + size, width); ++x) pattern.at(x, y) = dot;
    }
  return pattern;
}

}  // namespace stereocl
