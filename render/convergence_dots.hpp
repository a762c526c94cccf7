#pragma once
// Two dots one far-plane period apart above the stereogram: the standard viewing aid. Relax the
// eyes until they look like three dots; the middle one is both dots fused, and the picture
// behind them is then in depth. They are drawn into the window only, never into saved images.
#include "render/fullscreen_pass.hpp"
#include "render/gl_objects.hpp"
#include "render/presenter.hpp"

namespace stereocl {

// Framebuffer pixels, origin bottom left as in GL.
struct DotLayout {
  float left_x = 0, right_x = 0, y = 0, radius = 0;
  float rim = 0;  // the dark outline's width, so a white dot shows on white dots too
};

// The smallest dot diameter, as a share of the picture's width on screen.
inline constexpr float kDotDiameterShare = 0.01f;

// Dots centred over `image` (where the presenter put it), one pattern period apart at the
// scale the image is shown at; in the band above the image where there is room, else over
// its top edge. `ui_scale` (--ui-scale) sizes them as it sizes the panel's text: larger for a
// room far away.
DotLayout convergence_dot_layout(const Rect& image, int image_width, int pattern_width, int framebuffer_height,
                                 float ui_scale = 1.0f);

// Extra window height that leaves room for the dots above an image shown 1:1 (saved pictures with
// --guide-dots have this band), and the window's band for dots scaled by `dot_scale`: the UI
// scale times --convergence-dot-size, as convergence_dot_layout scales them.
inline constexpr int kDotBandHeight = 40;
inline int dot_band_height(float dot_scale) {
  return static_cast<int>(static_cast<float>(kDotBandHeight) * dot_scale + 0.5f);
}

class ConvergenceDots {
 public:
  ConvergenceDots();
  // Draws into the bound draw framebuffer (the window's), over what is there.
  void draw(const DotLayout& layout, int framebuffer_width, int framebuffer_height);

 private:
  FullscreenPass pass_;
};

}  // namespace stereocl
