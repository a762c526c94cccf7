#pragma once
// --output of a source only GL can draw (--model, or the ball's scene when no depth map or text is
// given): its depth drawn through a headless EGL context (ui/headless_gl.hpp), with no window and
// no display, as CPU mode's window draws it at frame --frames (default 1), 1/60 s a frame.
#include "config/options.hpp"
#include "core/image.hpp"
#include "core/result.hpp"

namespace stereocl {

// Whether --output's depth needs GL: neither --depth nor --text was given.
inline bool drawn_by_gl(const Options& options) { return options.depth_file.empty() && options.text.empty(); }

// The last frame drawn: linear depth in GL's row order (bottom row first), --invert-depth applied,
// and where asked the lit scene too (--pattern scene cuts its pattern from it, around subject_x).
struct HeadlessFrame {
  DepthImage depth;
  RgbaImage lit;          // empty unless asked for
  float subject_x = 0.5f;  // where the ball (or the model) stands, 0..1 across
};

// The frame, or one line saying why it cannot be drawn here (no headless EGL, a model that does
// not load).
Result<HeadlessFrame> draw_frame_headless(const Options& options, bool lit);

}  // namespace stereocl
