#pragma once
// What is drawn over the picture rather than beside it: the key list (F1 / '?'), and the last
// message, fading, only on a blanked screen, where it covers no picture.
#include "pipeline/demo_settings.hpp"
#include "ui/fading_message.hpp"

namespace stereocl {

// What goes over the window this frame. Blank hides everything but the fading message.
struct Overlays {
  bool panel = false;
  bool keys = false;
  bool message = false;
  bool saved_sign = false;
  bool any() const { return panel || keys || message || saved_sign; }
};
// `panel_laid_out`: the stage layout left room for the panel (it is open and fits).
// `saved_pending`: a screenshot was saved a moment ago.
Overlays overlays_to_draw(bool panel_laid_out, const DemoSettings& settings, bool message_pending,
                          bool saved_pending = false);

// Inside the current ImGui frame, centred on the window.
void draw_key_help();

// Inside the current ImGui frame, at the bottom of the window; nothing when the message is gone.
void draw_floating_message(const FadingMessage& message);

// A small white dot in the window's bottom-right corner, fading with `sign`: S worked.
void draw_saved_sign(const FadingMessage& sign);

}  // namespace stereocl
