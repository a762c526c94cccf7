#pragma once
// What is drawn over the picture rather than beside it: the key list (F1 / '?'), and the last
// message, fading, only on a blanked screen, where it covers no picture.
#include "pipeline/demo_settings.hpp"
#include "ui/fading_message.hpp"

#include <imgui.h>

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

// The key list's window, for the tests that measure it.
inline constexpr const char* kKeyListWindowName = "Keys  (F1 or ? closes)";
// The smallest font scale the key list tries; a window too small even for that gets it cut.
inline constexpr float kSmallestKeyListScale = 0.3f;

// How the key list fits `room` (window units): its columns of key and action pairs, its rows,
// and the font scale it needed (1 where the columns alone made it fit).
struct KeyListShape {
  int columns = 1;
  int rows = 0;
  float font_scale = 1.0f;
};
KeyListShape key_list_shape(ImVec2 room);

// Inside the current ImGui frame, at the bottom, centred across, all of it below `top` (window
// units from the top: where the convergence dots end).
void draw_key_help(float top);

// Inside the current ImGui frame, at the bottom of the window; nothing when the message is gone.
void draw_floating_message(const FadingMessage& message);

// A small white dot in the window's bottom-right corner, fading with `sign`: S worked.
void draw_saved_sign(const FadingMessage& sign);

}  // namespace stereocl
