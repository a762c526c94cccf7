// stereocl-text.so's entry point (core/text_module.hpp).
#include "core/text_module.hpp"

extern "C" __attribute__((visibility("default"))) const stereocl::TextTable* stereocl_text() {
  static constexpr stereocl::TextTable table{stereocl::draw_text_depth_map, stereocl::find_default_text_font};
  return &table;
}
