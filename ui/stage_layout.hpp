#pragma once
// Where the panel and the picture go in the window. A stereogram works only when it is shown
// whole and 1:1, so the panel is docked beside the picture and never over it: when the window
// cannot hold both, the panel yields (hides) while the picture keeps its pixels. It never narrows:
// its widgets keep their places at a given UI scale.
// Only a window smaller than the picture itself makes the picture shrink (resampled), and then
// the panel stays, because it is where that is said.
#include "config/options.hpp"
#include "render/presenter.hpp"

#include <string>

namespace stereocl {

struct StageLayout {
  Rect picture;                // framebuffer pixels, GL's origin (bottom left)
  int panel_width = 0;         // framebuffer pixels at the left edge; 0: no panel this frame
  bool panel_yielded = false;  // the panel is open but would have covered the 1:1 picture
  bool resampled = false;      // the window is smaller than the picture: shown scaled down
};

// `panel_width` is the panel's full width in framebuffer pixels; `panel_open` whether H shows it.
StageLayout lay_out_stage(Size picture, Size framebuffer, int panel_width, bool panel_open);

// --fit and F: the scene size whose stereogram (scene plus the lookup's pattern strip of
// `strip_width`) fills what the docked panel leaves of the framebuffer, at 1:1, less `dot_band`
// rows, which keep the convergence dots on black above the picture rather than over it.
Size fitted_scene_size(Size framebuffer, int panel_width, bool panel_open, int strip_width, int dot_band = 0);

// One line each for the panel, stderr and the window title, with the numbers.
std::string resampled_note(Size picture, const StageLayout& layout);
std::string yielded_note(Size picture, Size framebuffer, int panel_width);

}  // namespace stereocl
