#pragma once
// A framebuffer larger than GL_MAX_VIEWPORT_DIMS cannot be drawn correctly, and Mesa's llvmpipe
// crashes on one (a window resized to 32767x32767), so the main loop skips drawing until the
// window is smaller again, saying so once.
#include "core/result.hpp"

namespace stereocl {

struct ViewportLimit {
  int width = 0;
  int height = 0;
};

ViewportLimit query_viewport_limit();  // needs a current GL context

// Whether a framebuffer of this size is drawn; if not, why.
Status viewport_allows(int width, int height, ViewportLimit limit);

}  // namespace stereocl
