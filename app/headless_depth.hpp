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

// Linear depth in GL's row order (bottom row first), --invert-depth applied; or one line saying
// why it cannot be drawn here (no headless EGL, a model that does not load).
Result<DepthImage> draw_depth_headless(const Options& options);

}  // namespace stereocl
