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

// What only GL adds to a still: the frame of a source GL draws (a model, the ball's scene) and
// --guide-dots' band. The front program (app/main.cpp) links no GL and passes none; it hands a
// still that needs them to the window's program (app/window_program.hpp), which passes both
// (app/still_gl.hpp).
struct StillGl {
  Result<HeadlessFrame> (*draw_frame)(const Options& options, bool lit) = nullptr;
  // The picture in GL's row order, returned top row first with the dots.
  RgbaImage (*add_guide_dots)(RgbaImage picture, int pattern_width) = nullptr;
};

bool still_needs_gl(const Options& options);

// The exit status: 0, 1 where the output could not be written, 2 for a refused input.
int make_still_picture(const Options& options, const StillGl& gl);

// A still as a program's whole run, as both programs make one: a size the machine cannot hold
// refused first (InputError), and Ctrl+C leaving no temporary file behind.
int run_still(const Options& options, const StillGl& gl);

}  // namespace stereocl
