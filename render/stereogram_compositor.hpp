#pragma once
// The last step of the stereogram: a pass that samples the tileable pattern at the offsets
// computed per pixel (on the CPU, or by OpenCL straight into offsets_texture()).
#include "core/image.hpp"
#include "core/pattern_sampling.hpp"
#include "render/colour_target.hpp"
#include "render/fullscreen_pass.hpp"
#include "render/gl_objects.hpp"

#include <optional>

namespace stereocl {

// How GL draws the picture: one fragment a pixel (any GL 3.3 context), or a compute pass with
// image stores (GL 4.3): on GPUs with little raster hardware, fragments run on few units while
// compute runs on all (docs/performance.md, "The stereogram drawn by a GL compute pass").
// Both draw the same picture (tests/compose_test.cpp).
enum class ComposePass { compute, fragment };

class StereogramCompositor {
 public:
  StereogramCompositor();

  // (Re)allocates the offsets and output textures for a depth image of depth_width x height
  // and a pattern strip strip_width wide on its left (P for lookup, 0 for symmetric). Returns
  // true if the size changed. After release() it only records the size, for the next use().
  bool resize(int depth_width, int height, int strip_width);
  // The textures are 8 bytes a pixel of the largest image: a frame that makes no picture (Scene
  // mode) frees them, one whose offsets never reach GL (a device chain) frees the offsets, and
  // the next that needs them makes them again at the size last asked for.
  void release() { use(false, false); }
  void use(bool picture, bool offsets);
  void set_pattern(const RgbaImage& pattern);
  // --pattern scene: the pattern, P x the scene's height, cut from the lit colour (attachment 0
  // of `scene_framebuffer`) around `window_start` as core/scene_pattern.hpp describes, all in GL.
  // A new texture each time, so that the device copies keyed by the texture are made afresh.
  void set_pattern_from_scene(GLuint scene_framebuffer, int scene_width, int scene_height, int pattern_width,
                              int window_start);
  // compute falls back to fragment where the context lacks compute shaders.
  void set_pass(ComposePass pass) { pass_ = pass == ComposePass::compute && compute_available() ? pass : ComposePass::fragment; }
  ComposePass pass() const { return pass_; }
  static bool compute_available();

  // From the offsets texture, or, where offsets_buffer_texture is not 0, from that R32F buffer
  // texture with rows offsets_row_length floats long (GPU (external memory) mode).
  void compose(PatternSampling sampling, GLuint offsets_buffer_texture = 0, int offsets_row_length = 0);

  int output_width() const { return output_width_; }
  int output_height() const { return height_; }
  const gl::Texture& offsets_texture() const { return offsets_; }
  const gl::Texture& pattern_texture() const { return pattern_; }
  DisplayImage output() const { return output_.display(); }

 private:
  // Filters, wraps and remembers the size of the pattern texture just made.
  void use_pattern_size(int width, int height);
  // Binds offsets and pattern and sets the uniforms both passes share; `program` is current.
  void bind_inputs(GLuint program, PatternSampling sampling, GLuint offsets_buffer_texture, int offsets_row_length) const;

  ComposePass pass_ = ComposePass::fragment;
  // Each variant made on first use: only one mode reads a buffer, and compute needs GL 4.3.
  std::optional<FullscreenPass> fragment_pass_;
  std::optional<FullscreenPass> fragment_buffer_pass_;
  gl::Program compute_program_;
  gl::Program compute_buffer_program_;
  gl::Texture pattern_;
  int pattern_width_ = 0, pattern_height_ = 0;
  gl::Texture offsets_;
  ColourTarget output_;
  int output_width_ = 0, height_ = 0;
  bool uses_picture_ = true, uses_offsets_ = true;
};

}  // namespace stereocl
