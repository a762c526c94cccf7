#include "render/stereogram_compositor.hpp"

#include "render/shader_program.hpp"


namespace stereocl {

StereogramCompositor::StereogramCompositor()
    : program_(gl::link_program("fullscreen.vert.glsl", "stereogram.frag.glsl")),
      empty_vertex_array_(gl::make_vertex_array()) {}

bool StereogramCompositor::resize(int depth_width, int height, int pattern_width) {
  if (!needs_resize(depth_width, height, pattern_width)) return false;
  const int width = depth_width + pattern_width;
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

void StereogramCompositor::upload_offsets(const OffsetImage& offsets) {
  glBindTexture(GL_TEXTURE_2D, offsets_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, offsets.width, offsets.height, GL_RED, GL_FLOAT, offsets.pixels.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

void StereogramCompositor::compose() {
  glBindFramebuffer(GL_FRAMEBUFFER, output_.framebuffer());
  glViewport(0, 0, output_width_, height_);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glUseProgram(program_.get());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, offsets_.get());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  glUniform1i(glGetUniformLocation(program_.get(), "offsets"), 0);
  glUniform1i(glGetUniformLocation(program_.get(), "pattern"), 1);
  glUniform2f(glGetUniformLocation(program_.get(), "pattern_size"), static_cast<float>(pattern_width_),
              static_cast<float>(pattern_height_));
  glBindVertexArray(empty_vertex_array_.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace stereocl
