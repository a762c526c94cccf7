#include "render/stereogram_compositor.hpp"

#include "core/scene_pattern.hpp"
#include "render/shader_program.hpp"
#include "render/shader_sources.hpp"

#include <string>

namespace stereocl {

namespace {
// What goes after either pass's #version line: the buffer variant's define, then the colour
// function both passes share.
std::string prelude(bool offsets_in_buffer) {
  return std::string(offsets_in_buffer ? "#define OFFSETS_IN_BUFFER\n" : "") +
         std::string(shader_source("stereogram_colour.glsl"));
}
}  // namespace

StereogramCompositor::StereogramCompositor() { set_pass(ComposePass::compute); }

bool StereogramCompositor::compute_available() { return GLAD_GL_VERSION_4_3 != 0; }

bool StereogramCompositor::resize(int depth_width, int height, int strip_width) {
  const int width = depth_width + strip_width;
  const bool changed = width != output_width_ || height != height_;
  output_width_ = width;
  height_ = height;
  if (changed) {
    offsets_ = {};
    output_ = {};
  }
  use(uses_picture_, uses_offsets_);
  return changed;
}

void StereogramCompositor::use(bool picture, bool offsets) {
  uses_picture_ = picture;
  uses_offsets_ = offsets;
  const bool sized = output_width_ > 0 && height_ > 0;
  if (!offsets)
    offsets_ = {};
  else if (!offsets_ && sized)
    offsets_ = gl::make_texture_2d(GL_R32F, output_width_, height_, GL_RED, GL_FLOAT);
  if (!picture)
    output_ = {};
  else if (!output_ && sized)
    output_ = ColourTarget(output_width_, height_);
}

void StereogramCompositor::set_pattern(const RgbaImage& pattern) {
  pattern_ = gl::make_texture_2d(GL_RGBA8, pattern.width, pattern.height, GL_RGBA, GL_UNSIGNED_BYTE,
                                 pattern.pixels.data());
  use_pattern_size(pattern.width, pattern.height);
}

void StereogramCompositor::set_pattern_from_scene(GLuint scene_framebuffer, int scene_width, int scene_height,
                                                  int pattern_width, int window_start) {
  pattern_ = gl::make_texture_2d(GL_RGBA8, pattern_width, scene_height, GL_RGBA, GL_UNSIGNED_BYTE);
  // glCopyTexSubImage2D, not glCopyImageSubData: a GL 3.3 context has it too.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_framebuffer);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  for (const ColumnRun& run : scene_pattern_runs(scene_width, pattern_width, window_start))
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, run.pattern_column, 0, run.scene_column, 0, run.count, scene_height);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  use_pattern_size(pattern_width, scene_height);
}

void StereogramCompositor::use_pattern_size(int width, int height) {
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  // Linear filtering blends neighbouring pattern pixels at fractional offsets, which is what
  // makes depth steps finer than one pixel visible; repeat is what tiles the pattern.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glBindTexture(GL_TEXTURE_2D, 0);
  pattern_width_ = width;
  pattern_height_ = height;
}

void StereogramCompositor::bind_inputs(GLuint program, PatternSampling sampling, GLuint offsets_buffer_texture,
                                       int offsets_row_length) const {
  const auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glActiveTexture(GL_TEXTURE0);
  if (offsets_buffer_texture) {
    glBindTexture(GL_TEXTURE_BUFFER, offsets_buffer_texture);
    glUniform1i(location("offsets_row_length"), offsets_row_length);
  } else {
    glBindTexture(GL_TEXTURE_2D, offsets_.get());
  }
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, pattern_.get());
  glUniform1i(location("offsets"), 0);
  glUniform1i(location("pattern"), 1);
  glUniform1i(location("whole_pixels"), sampling == PatternSampling::whole_pixels ? 1 : 0);
  glUniform2f(location("pattern_size"), static_cast<float>(pattern_width_), static_cast<float>(pattern_height_));
}

void StereogramCompositor::compose(PatternSampling sampling, GLuint offsets_buffer_texture, int offsets_row_length) {
  const bool from_buffer = offsets_buffer_texture != 0;
  if (pass_ == ComposePass::compute) {
    gl::Program& program = from_buffer ? compute_buffer_program_ : compute_program_;
    if (!program) program = gl::link_compute_program("stereogram.comp.glsl", prelude(from_buffer));
    glUseProgram(program.get());
    bind_inputs(program.get(), sampling, offsets_buffer_texture, offsets_row_length);
    glUniform2i(glGetUniformLocation(program.get(), "size"), output_width_, height_);
    glBindImageTexture(0, output_.texture().get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    constexpr int kGroupWidth = 32, kGroupHeight = 8;  // the shader's local size
    glDispatchCompute(static_cast<GLuint>((output_width_ + kGroupWidth - 1) / kGroupWidth),
                      static_cast<GLuint>((height_ + kGroupHeight - 1) / kGroupHeight), 1);
    // The picture is next read as a texture, blitted, read back or handed to OpenCL.
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  } else {
    std::optional<FullscreenPass>& pass = from_buffer ? fragment_buffer_pass_ : fragment_pass_;
    if (!pass) pass.emplace("stereogram.frag.glsl", prelude(from_buffer));
    glBindFramebuffer(GL_FRAMEBUFFER, output_.framebuffer());
    glViewport(0, 0, output_width_, height_);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    pass->use();
    bind_inputs(pass->program(), sampling, offsets_buffer_texture, offsets_row_length);
    pass->draw();
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  if (from_buffer) {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace stereocl
