#pragma once
// The reveal (W): the stereogram cross-faded into the scene it hides, for the moment the audience
// asks "what was it?". One fragment pass over the finished picture, so it works in every mode:
// the lit scene where the source has one (the stereogram modes then draw its colour too), the
// depth as grey for a still depth map (what its colour texture holds).
#include "render/colour_target.hpp"
#include "render/fullscreen_pass.hpp"

#include <algorithm>
#include <optional>

namespace stereocl {

// How long the fade takes each way: long enough to see the one become the other.
inline constexpr double kRevealSeconds = 0.5;

// The fade's amount after `seconds` more, moving towards 1 while `shown`, else towards 0.
inline float step_reveal(float amount, bool shown, double seconds) {
  const auto step = static_cast<float>(seconds / kRevealSeconds);
  return std::clamp(shown ? amount + step : amount - step, 0.f, 1.f);
}

class RevealBlend {
 public:
  // picture mixed with the scene by `amount` (0: the picture, 1: the scene), the scene's columns
  // under the picture's right-hand scene_width (lookup's pattern strip on the left fades to black).
  DisplayImage blend(const DisplayImage& picture, const gl::Texture& scene_colour, int scene_width, float amount);

 private:
  std::optional<FullscreenPass> pass_;  // made at the first reveal
  ColourTarget target_;
};

}  // namespace stereocl
