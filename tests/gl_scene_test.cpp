// Under Xvfb (Mesa): the scene's framebuffer is complete and its linear depth is what the
// stereogram expects -- the ball nearer than the wall behind it, the walls in [0, 1].
#include "app/window.hpp"
#include "render/pixel_transfer.hpp"
#include "render/scene_renderer.hpp"
#include "render/scene_target.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace stereocl {
namespace {

class GlScene : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      window_ = std::make_unique<Window>(WindowSettings{320, 240, false, false, "test"});
    } catch (const std::exception& error) {
      GTEST_SKIP() << "no GL context: " << error.what();
    }
  }
  DepthImage render_depth(const glm::vec3& ball, int width, int height, bool invert = false, bool depth_only = false) {
    SceneTarget target(width, height);
    SceneRenderer renderer;
    BallPhysics physics;
    physics.state.position = ball;
    renderer.render(physics, invert, target, depth_only);
    DepthImage depth;
    DepthReadback readback;
    EXPECT_TRUE(readback.read(target.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, depth).ok());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    return depth;
  }
  std::unique_ptr<Window> window_;
};

TEST_F(GlScene, FramebufferIsCompleteAtAwkwardSizes) {
  for (auto [w, h] : {std::pair{1, 1}, {17, 3}, {1921, 1081}}) EXPECT_NO_THROW(SceneTarget(w, h)) << w << "x" << h;
}

TEST_F(GlScene, TheBallIsNearerThanTheWallBehindIt) {
  const int width = 321, height = 181;
  const DepthImage with_ball = render_depth({0.f, 0.f, 0.5f}, width, height);
  const DepthImage without = render_depth({1.2f, -0.55f, -0.6f}, width, height);  // moved out of the centre
  const float centre_with = with_ball.at(width / 2, height / 2);
  const float centre_without = without.at(width / 2, height / 2);
  EXPECT_LT(centre_with, 0.25f);  // the ball's front is at z = 0.8: (3.2 - 3) / 2 = 0.1
  EXPECT_GT(centre_without, 0.95f);  // the back wall is the far end of the range
  for (float d : with_ball.pixels) {
    ASSERT_GE(d, 0.f);
    ASSERT_LE(d, 1.f);
  }
  // The side walls recede: depth grows from the left edge towards the back wall.
  EXPECT_LT(without.at(width / 10, height / 2), without.at(width / 5, height / 2));
}

TEST_F(GlScene, InvertDepthMirrorsTheRange) {
  const DepthImage normal = render_depth({0.f, 0.f, 0.5f}, 64, 36);
  const DepthImage inverted = render_depth({0.f, 0.f, 0.5f}, 64, 36, true);
  for (std::size_t i = 0; i < normal.pixels.size(); ++i) ASSERT_NEAR(normal.pixels[i] + inverted.pixels[i], 1.f, 1e-5f);
}

TEST_F(GlScene, DepthOnlyRenderingGivesTheSameDepth) {
  const DepthImage full = render_depth({0.3f, -0.2f, 0.1f}, 200, 113);
  const DepthImage depth_only = render_depth({0.3f, -0.2f, 0.1f}, 200, 113, false, true);
  EXPECT_EQ(full.pixels, depth_only.pixels);
}

}  // namespace
}  // namespace stereocl
