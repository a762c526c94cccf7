#pragma once
// Patterns made by code, for presenters who want more than dots (--pattern NAME and the panel).
// Each is drawn at the size it is repeated at, so it tiles at any P without a seam or a filter:
// P columns wide, its own height tall, every feature wrapping around both edges. A new pattern
// is one row here and its drawing function.
#include "core/image.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace stereocl {

struct PatternRow {
  std::string_view name;     // --pattern NAME, the panel, saved pictures' text chunks
  std::string_view summary;  // --help and the panel's tooltip
  // width x height, tiling in both directions, reproducible for a seed. nullptr for the one row
  // no code can draw: the lit scene itself, cut each frame (core/scene_pattern.hpp).
  RgbaImage (*draw)(int width, int height, std::uint32_t seed);
  bool from_scene() const { return draw == nullptr; }
};

std::span<const PatternRow> pattern_library();  // the drawn rows first, then "scene"
const PatternRow* find_library_pattern(std::string_view name);  // nullptr for a name no row has
std::string library_pattern_names();                            // "noise, marble, ... or dots"

}  // namespace stereocl
