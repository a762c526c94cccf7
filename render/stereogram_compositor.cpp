#include "render/stereogram_compositor.hpp"



namespace stereocl {

StereogramCompositor::StereogramCompositor()
    : pass_("stereogram.frag.glsl") {}

bool StereogramCompositor::resize(int depth_width, int height, int strip_width) {
  if (!needs_resize(depth_width, height, strip_width)) return false;
  const int width = depth_width + strip_width;
  output_width_ = width;
  height_ = height;
  offsets_ = gl::make_texture_2d(GL_R32F, width, height, GL_RED, GL_FLOAT);
  output_ = ColourTarget(width, height);
  return true;
}

void StereogramCompositor::set_pattern(const RgbaImage& pattern) {
  pattern_ = gl::make_texture_2d(GL_RGBA8, pattern.width, pattern.height, GL_RGBA, GL_UNSIGNED_BYTE,
                                 pattern.pixels.data());
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  // Linear filtering blends neighbouring pattern pixels at fractional offsets, which is what
  // makes depth steps finer than one pixel visible; repeat is what tiles the pattern.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glBindTexture(GL_TEXTURE_2D, 0);
  pattern_width_ = pattern.width;
  pattern_height_ = pattern.height;
}

void StereogramCompositor::compose(PatternSampling sampling, GLuint offsets_buffer_texture, int offsets_row_length) {
  glBindFramebuffer(GL_FRAMEBUFFER, output_.framebuffer());
  glViewport(0, 0, output_width_, height_);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  if (offsets_buffer_texture && !buffer_pass_) buffer_pass_.emplace("stereogram.frag.glsl", "#define OFFSETS_IN_BUFFER\n");
  const FullscreenPass& pass = offsets_buffer_texture ? *buffer_pass_ : pass_;
  pass.use();
  glActiveTexture(GL_TEXTURE0);
  if (offsets_buffer_texture) {
    glBindTexture(GL_TEXTURE_BUFFER, offsets_buffer_texture);
    glUniform1i(pass.uniform("offsets_row_length"), offsets_row_length);
  } else {
    glBindTexture(GL_TEXTURE_2D, offsets_.get());
  }
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  glUniform1i(pass.uniform("offsets"), 0);
  glUniform1i(pass.uniform("pattern"), 1);
  glUniform1i(pass.uniform("whole_pixels"), sampling == PatternSampling::whole_pixels ? 1 : 0);
  glUniform2f(pass.uniform("pattern_size"), static_cast<float>(pattern_width_), static_cast<float>(pattern_height_));
  pass.draw();
  if (offsets_buffer_texture) {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace stereocl
