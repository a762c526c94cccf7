#pragma once
// What a saved picture says about itself: its DPI as a pHYs chunk, so it prints at the size it
// was seen at (a stereogram's depth depends on the repeat's physical width), and the parameters
// that made it as tEXt chunks, so it can be made again. Used by --screenshot, S and --record.
#include "pipeline/engine.hpp"
#include "core/png_codec.hpp"

namespace stereocl {

// Software, Mode, Algorithm, Pattern width, Max offset, Seed, Depth, Pattern, Invert depth and
// Effect, as the command line would spell them, with `dpi` (the screen's, found once at start-up:
// Demo::screen_dpi()).
PngMetadata picture_metadata(const Demo& demo, double dpi);

}  // namespace stereocl
