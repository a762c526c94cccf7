#pragma once
// Grey pictures of the stereogram's inputs, for seeing what the algorithm sees: the linear depth
// (near = bright, like a depth-map file) and the offsets it turned that depth into.
#include "render/colour_target.hpp"
#include "render/fullscreen_pass.hpp"
#include "render/gl_objects.hpp"

namespace stereocl {

class DebugViewer {
 public:
  DebugViewer();

  // R32F linear depth (0 = near) -> grey, near bright.
  DisplayImage show_depth(GLuint depth_texture, int width, int height);
  // R32F offsets in pattern widths -> their fractional part as a grey ramp: each ramp is one
  // repeat of the pattern, so near things show as narrower stripes, exactly where the viewer
  // will see them. The raw values only grow along each row and would read as a plain gradient.
  DisplayImage show_offsets(GLuint offsets_texture, int width, int height);

 private:
  DisplayImage draw(GLuint texture, int width, int height, int what);

  FullscreenPass pass_;
  ColourTarget target_;
};

}  // namespace stereocl
