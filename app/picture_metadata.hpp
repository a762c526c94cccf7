#pragma once
// What a saved picture says about itself: its DPI as a pHYs chunk, so it prints at the size it
// was seen at (a stereogram's depth depends on the repeat's physical width), and the parameters
// that made it as tEXt chunks, so it can be made again. Used by --screenshot, S, --record and -o.
#include "pipeline/engine.hpp"
#include "core/png_codec.hpp"

#include <string>

namespace stereocl {

// The parameters, as the command line would spell them.
struct PictureFacts {
  std::string mode;
  std::string algorithm;
  int pattern_width = 0;
  float max_offset = 0;
  std::uint32_t seed = 0;
  std::string depth;    // a file, "text WORDS", "model NAME" or "3D scene"
  std::string pattern;  // a file, a library pattern's name, "random grey" or "random colour"
  bool invert_depth = false;
  std::string effect;   // "none" for none
};

// Software, Mode, Algorithm, Pattern width, Max offset, Seed, Depth, Pattern, Invert depth and
// Effect, with `dpi`.
PngMetadata picture_metadata(const PictureFacts& facts, double dpi);

// The window's: its settings, with `dpi` (the screen's, found once at start-up: Engine::screen_dpi()).
PngMetadata picture_metadata(const Engine& demo, double dpi);

}  // namespace stereocl
