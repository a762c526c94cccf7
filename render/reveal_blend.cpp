#include "render/reveal_blend.hpp"

namespace stereocl {

DisplayImage RevealBlend::blend(const DisplayImage& picture, const gl::Texture& scene_colour, int scene_width,
                                float amount) {
  if (target_.width() != picture.width || target_.height() != picture.height)
    target_ = ColourTarget(picture.width, picture.height);
  if (!pass_) pass_.emplace("reveal.frag.glsl");
  glBindFramebuffer(GL_FRAMEBUFFER, target_.framebuffer());
  glViewport(0, 0, picture.width, picture.height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  pass_->use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, picture.texture->get());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, scene_colour.get());
  glUniform1i(pass_->uniform("picture"), 0);
  glUniform1i(pass_->uniform("scene"), 1);
  glUniform1i(pass_->uniform("strip"), picture.width - scene_width);
  glUniform1f(pass_->uniform("amount"), amount);
  pass_->draw();
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return target_.display();
}

}  // namespace stereocl
