#pragma once
// --text's letters are drawn by FreeType, in a font fontconfig finds, in a module of their own,
// stereocl-text.so (core/text_drawing.cpp), loaded on the first word (core/program_module.hpp):
// the two libraries and theirs are about 0.5 MB of every start's memory, which a still of a depth
// map or the ball never calls. core/text_depth.hpp is the program's side.
#include "core/text_depth.hpp"

namespace stereocl {

// In the module: core/text_depth.hpp's two functions, as they are.
Result<Image<std::uint16_t>> draw_text_depth_map(std::string_view text, int width, int height,
                                                 const std::string& font_file);
Result<std::string> find_default_text_font();

// The module's one entry point returns these.
struct TextTable {
  Result<Image<std::uint16_t>> (*depth_map)(std::string_view text, int width, int height, const std::string& font_file);
  Result<std::string> (*default_font)();
};

inline constexpr const char* kTextModuleFile = "stereocl-text.so";
inline constexpr const char* kTextSymbol = "stereocl_text";

}  // namespace stereocl
