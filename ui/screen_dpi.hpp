#pragma once
// The resolution of the screen the window opens on, for physical units: a stereogram made for
// 63.5 mm between the eyes must know how many pixels that is.
#include "config/options.hpp"

namespace stereocl {

// Pixels per inch of the primary monitor (GLFW's physical size and video mode); 96 where the
// monitor does not say, or says something outside --dpi's range (projectors report an aspect
// ratio in millimetres, some drivers 0). Needs GLFW initialised (a Window exists).
double screen_dpi();

// Options with `dpi` as the screen's: physical units without --dpi take it, and P and M follow.
// Fails when the units do not fit at that resolution.
Result<Options> with_screen_dpi(Options options, double dpi);

}  // namespace stereocl
