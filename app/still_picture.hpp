#pragma once
// --output: one stereogram, made on the CPU and written as a PNG (or to stdout for "-"), with no
// window and no display, as pamstereogram does: of a still depth map (--depth FILE or --text
// WORDS) with no GL at all, or of a model or the ball's scene drawn through a headless EGL context
// (app/headless_depth.hpp; refused in one line where EGL offers none). The same picture CPU mode
// shows for those options, --guide-dots' band too (drawn by headless GL, as a screenshot's).
#include "app/headless_depth.hpp"
#include "config/options.hpp"
#include "core/image.hpp"
#include "core/result.hpp"

namespace stereocl {

// The exit status: 0, 1 where the output could not be written, 2 for a refused input.
int make_still_picture(const Options& options);

// A still as the program's whole run: a size the machine cannot hold refused first (InputError),
// and Ctrl+C leaving no temporary file behind.
int run_still(const Options& options);

}  // namespace stereocl
