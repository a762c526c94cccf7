#include "core/text_depth.hpp"

#include "core/program_module.hpp"
#include "core/text_module.hpp"

namespace stereocl {
namespace {

// Loaded once, by the first word drawn or font looked for, and not before.
const ModuleTable<TextTable>& text_drawing() {
  static const ModuleTable<TextTable> loaded = load_module_table<TextTable>(kTextModuleFile, kTextSymbol);
  return loaded;
}

}  // namespace

Result<Image<std::uint16_t>> text_depth_map(std::string_view text, int width, int height, const std::string& font_file) {
  if (!text_drawing().table) return failure("text cannot be drawn here: " + text_drawing().why_not);
  return text_drawing().table->depth_map(text, width, height, font_file);
}

Result<std::string> default_text_font() {
  if (!text_drawing().table) return failure("no font can be looked for here: " + text_drawing().why_not);
  return text_drawing().table->default_font();
}

}  // namespace stereocl
