#pragma once
// What a saved picture says about itself: its DPI as a pHYs chunk, so it prints at the size it
// was seen at (a stereogram's depth depends on the repeat's physical width), and the parameters
// that made it as tEXt chunks, so it can be made again. Used by --screenshot, S, --record and -o.
#include "pipeline/engine.hpp"
#include "files/picture/png_codec.hpp"

#include <string>

namespace stereocl {

// What made the picture besides its look, as the command line would spell it.
struct PictureSources {
  std::string mode;
  std::string depth;         // a file, "text WORDS", "model NAME" or "3D scene"
  std::string pattern_file;  // where the look's pattern is a picture
};

// Software, Mode, Algorithm, Pattern width, Max offset, Seed, Depth, Pattern, Invert depth and
// Effect, with `dpi`: a still's and the window's alike.
PngMetadata picture_metadata(const LookSettings& look, const PictureSources& sources, double dpi);

// The window's: its settings, with `dpi` (the screen's, found once at start-up: Engine::screen_dpi()).
PngMetadata picture_metadata(const Engine& engine, double dpi);

}  // namespace stereocl
