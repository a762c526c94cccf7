#include "ui/stage_layout.hpp"

#include <algorithm>

namespace stereocl {
namespace {

// The picture centred in the part of the framebuffer right of `left`.
Rect centred_right_of(int left, Size picture, Size framebuffer) {
  Rect rect = fit_centred(picture.width, picture.height, framebuffer.width - left, framebuffer.height);
  rect.x += left;
  return rect;
}

std::string size_text(Size size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

}  // namespace

StageLayout lay_out_stage(Size picture, Size framebuffer, int panel_width, bool panel_open) {
  StageLayout layout;
  const int wanted = panel_open ? std::max(panel_width, 0) : 0;
  const bool fits_alone = picture.width <= framebuffer.width && picture.height <= framebuffer.height;
  if (!fits_alone) {
    layout.panel_width = std::min(wanted, framebuffer.width / 2);
    layout.resampled = true;
  } else {
    // Whole or not at all: a panel narrowed to the room left re-wrapped its widgets from one
    // preset's pattern width to the next, moving the word field from under the pointer.
    layout.panel_width = framebuffer.width - picture.width >= wanted ? wanted : 0;
    layout.panel_yielded = wanted > 0 && layout.panel_width == 0;
  }
  layout.picture = centred_right_of(layout.panel_width, picture, framebuffer);
  return layout;
}

Size fitted_scene_size(Size framebuffer, int panel_width, bool panel_open, int strip_width, int dot_band) {
  const int width = framebuffer.width - (panel_open ? panel_width : 0) - strip_width;
  return {std::clamp(width, 1, kMaxImageSide), std::clamp(framebuffer.height - dot_band, 1, kMaxImageSide)};
}

std::string resampled_note(Size picture, const StageLayout& layout) {
  // The axis scaled most: a 1-pixel-wide picture stays 1 wide while its height halves.
  const double scale = picture.width > 0 && picture.height > 0
                           ? std::min(static_cast<double>(layout.picture.width) / picture.width,
                                      static_cast<double>(layout.picture.height) / picture.height)
                           : 0.0;
  const int percent = std::min(99, static_cast<int>(scale * 100.0));  // resampled is never 100%
  return "Picture resampled to " + std::to_string(percent) + "% (" + size_text({layout.picture.width, layout.picture.height}) +
         "): the " + size_text(picture) + " stereogram does not fit the window, and its depth breaks when scaled; "
         "press F, use --fit, or a smaller --size";
}

std::string yielded_note(Size picture, Size framebuffer, int panel_width) {
  return "panel hidden: the " + std::to_string(picture.width) + " px picture and the " + std::to_string(panel_width) +
         " px panel do not fit the " + std::to_string(framebuffer.width) + " px window; widen it, press F, or use --fit";
}

}  // namespace stereocl
