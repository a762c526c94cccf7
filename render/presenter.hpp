#pragma once
// Puts the finished image into the window: pixel for pixel and centred, because a resampled
// stereogram loses its depth; scaled down (keeping its aspect) only when it does not fit.
#include "render/gl_objects.hpp"

namespace stereocl {

struct Rect {
  int x = 0, y = 0, width = 0, height = 0;
  friend bool operator==(const Rect&, const Rect&) = default;
};

// Where an image of image_w x image_h lands in a framebuffer of fb_w x fb_h.
Rect fit_centred(int image_width, int image_height, int framebuffer_width, int framebuffer_height);

// Clears the window and blits the image to `to` (ui/stage_layout.hpp decides where); nearest
// pixels at 1:1, linear only when `to` is smaller. Does nothing for a 0x0 (minimised) framebuffer.
void present(GLuint image_framebuffer, int image_width, int image_height, int framebuffer_width,
             int framebuffer_height, const Rect& to);

}  // namespace stereocl
