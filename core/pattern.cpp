#include "core/pattern.hpp"

#include <algorithm>
#include <random>

namespace stereocl {

const char* pattern_kind_name(PatternKind kind) {
  switch (kind) {
    case PatternKind::random_grey: return "random grey";
    case PatternKind::random_colour: return "random colour";
    case PatternKind::image: return "image";
  }
  return "?";
}

int generated_pattern_height(int width) { return std::max(width, 64); }

RgbaImage make_random_pattern(int width, int height, bool colour, std::uint32_t seed) {
  RgbaImage pattern(width, height);
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  for (Rgba8& pixel : pattern.pixels) {
    if (colour) {
      pixel = Rgba8{static_cast<std::uint8_t>(byte(random)), static_cast<std::uint8_t>(byte(random)),
                    static_cast<std::uint8_t>(byte(random)), 255};
    } else {
      const auto v = static_cast<std::uint8_t>(byte(random));
      pixel = Rgba8{v, v, v, 255};
    }
  }
  return pattern;
}

}  // namespace stereocl
