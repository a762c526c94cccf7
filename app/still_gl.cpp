#include "app/still_gl.hpp"

#include "config/users_terms.hpp"
#include "core/printable_text.hpp"
#include "render/colour_target.hpp"
#include "render/convergence_dots.hpp"
#include "render/guide_dots_picture.hpp"
#include "render/pixel_transfer.hpp"
#include "ui/headless_gl.hpp"

#include <cstdio>
#include <memory>

namespace stereocl {
namespace {

// --guide-dots: the dots drawn as a screenshot's are (render/guide_dots_picture.hpp), by GL in a
// headless context, from the picture in GL's row order; the same pixels as the window's. Where
// EGL offers no context the picture is kept without them, and that is said.
RgbaImage with_guide_dots(RgbaImage picture, int pattern_width) {
  const Result<std::unique_ptr<HeadlessGl>> gl = HeadlessGl::open();
  if (!gl) {
    say_on_stderr("--guide-dots: the picture is saved without them: " + gl.error());
    flip_rows(picture);  // top row first, as the dots' picture is
    return picture;
  }
  const ColourTarget shown(picture.width, picture.height);
  upload_texture(shown.texture().get(), picture);
  ConvergenceDots dots;
  ColourTarget scratch;
  return picture_with_guide_dots(shown.display(), pattern_width, dots, scratch);
}

}  // namespace

StillGl still_gl() { return {.draw_frame = draw_frame_headless, .add_guide_dots = with_guide_dots}; }

}  // namespace stereocl
