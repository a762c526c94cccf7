#include "app/still_guide_dots.hpp"

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

std::optional<RgbaImage> with_guide_dots(const RgbaImage& picture, int pattern_width) {
  const Result<std::unique_ptr<HeadlessGl>> gl = HeadlessGl::open();
  if (!gl) {
    say_on_stderr("--guide-dots: the picture is saved without them: " + gl.error());
    return std::nullopt;
  }
  const ColourTarget shown(picture.width, picture.height);
  upload_texture(shown.texture().get(), picture);
  ConvergenceDots dots;
  ColourTarget scratch;
  return picture_with_guide_dots(shown.display(), pattern_width, dots, scratch);
}

}  // namespace stereocl
