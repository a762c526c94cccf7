#pragma once
// --guide-dots: a saved picture with the convergence dots, as the window shows them at 1:1. The
// dots get a band of their own above the picture (kDotBandHeight), as in the window, so they
// cover none of it and a print keeps its viewing aid.
#include "core/image.hpp"
#include "render/colour_target.hpp"
#include "render/convergence_dots.hpp"

namespace stereocl {

// The picture of `image` (top row first) kDotBandHeight pixels taller, the band black, with
// `dots` drawn at convergence_dot_layout()'s places for a pattern repeat of `pattern_width`.
// `scratch` is remade when the size changes. Leaves the window's framebuffer bound.
RgbaImage picture_with_guide_dots(const DisplayImage& image, int pattern_width, ConvergenceDots& dots,
                                  ColourTarget& scratch);

}  // namespace stereocl
