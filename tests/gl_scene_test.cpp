// Under Xvfb (Mesa): the scene's framebuffer is complete and its linear depth is what the
// stereogram expects -- the ball nearer than the wall behind it, the walls in [0, 1].
#include "ui/window.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"
#include "render/scene_renderer.hpp"
#include "render/scene_target.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>

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
  DepthImage render_depth(const glm::vec3& ball, int width, int height, bool invert = false,
                          std::optional<DepthPass> depth_only = std::nullopt) {
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
  const DepthImage depth_only = render_depth({0.3f, -0.2f, 0.1f}, 200, 113, false, DepthPass::shaded);
  EXPECT_EQ(full.pixels, depth_only.pixels);
}

// The z-only pass gets linear depth back from the 32-bit float depth buffer: within 1e-5 of the
// range, where a wrong plane, range or inversion would be off by 1e-2 or more. The box here is 3 to
// 5 view units deep behind a near plane at 1.5, so z's rounding alone moves depth by < 1e-6.
TEST_F(GlScene, ZOnlyDepthIsTheShadedDepth) {
  if (!SceneRenderer::z_only_available()) GTEST_SKIP() << "this GL context has no compute shaders (needs 4.3)";
  for (const bool invert : {false, true})
    for (auto [w, h] : {std::pair{1, 1}, {17, 3}, {203, 113}, {641, 359}}) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + (invert ? " inverted" : ""));
      const glm::vec3 ball{0.3f, -0.2f, 0.1f};
      const DepthImage shaded = render_depth(ball, w, h, invert, DepthPass::shaded);
      const DepthImage z_only = render_depth(ball, w, h, invert, DepthPass::z_only);
      ASSERT_EQ(shaded.pixels.size(), z_only.pixels.size());
      float worst = 0.f;
      for (std::size_t i = 0; i < shaded.pixels.size(); ++i)
        worst = std::max(worst, std::abs(shaded.pixels[i] - z_only.pixels[i]));
      EXPECT_LT(worst, 1e-5f);
    }
}

// A z-only pass that finds its last frame in the target redraws only round the ball, old place
// and new. Frame after frame the depth must equal a fresh target's full draw to the bit: a
// rectangle that missed the old place would leave a ball behind, one that missed the new would
// lose it, and one cleared but not redrawn would show the far value where the box stands. A lit
// draw in between, a camera change (a new size) or inversion must not fool it either.
TEST_F(GlScene, ZOnlyRedrawRoundTheMovingBallEqualsAFullDraw) {
  if (!SceneRenderer::z_only_available()) GTEST_SKIP() << "this GL context has no compute shaders (needs 4.3)";
  SceneRenderer renderer;
  BallPhysics physics;
  const glm::vec3 path[] = {{0.f, 0.f, 0.5f},        {0.1f, 0.05f, 0.5f},    {-1.2f, 0.55f, -0.6f},
                            {1.25f, -0.58f, 0.65f},  {1.2f, -0.55f, 0.6f},   {1.2f, -0.55f, 0.6f},
                            {-0.4f, 0.3f, 0.7f},     {-0.35f, 0.3f, 0.7f}};
  for (auto [width, height] : {std::pair{211, 127}, {64, 200}}) {
    SceneTarget target(width, height);
    for (std::size_t step = 0; step < std::size(path); ++step) {
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + ", step " + std::to_string(step));
      physics.state.position = path[step];
      const bool invert = step >= 6;
      if (step == 5) renderer.render(physics, invert, target);  // a lit draw first, as --pattern scene does
      renderer.render(physics, invert, target, DepthPass::z_only);
      DepthImage redrawn;
      ASSERT_TRUE(DepthReadback{}.read(target.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, redrawn).ok());
      const DepthImage whole = render_depth(path[step], width, height, invert, DepthPass::z_only);
      ASSERT_EQ(redrawn.pixels, whole.pixels);
    }
  }
}

// A pipelined frame draws into two targets in turn: each redraw must cover where the ball stood
// when that target was drawn last, two frames back, not only one.
TEST_F(GlScene, ZOnlyRedrawIntoTwoTargetsInTurnEqualsAFullDraw) {
  if (!SceneRenderer::z_only_available()) GTEST_SKIP() << "this GL context has no compute shaders (needs 4.3)";
  const int width = 160, height = 90;
  SceneRenderer renderer;
  BallPhysics physics;
  SceneTarget targets[] = {SceneTarget(width, height), SceneTarget(width, height)};
  const glm::vec3 path[] = {
      {-1.2f, 0.5f, 0.f}, {0.f, 0.f, 0.5f}, {1.2f, -0.5f, 0.f}, {1.1f, -0.5f, 0.1f}, {-0.6f, 0.f, 0.3f}};
  for (std::size_t step = 0; step < std::size(path); ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    physics.state.position = path[step];
    SceneTarget& target = targets[step % 2];
    renderer.render(physics, false, target, DepthPass::z_only);
    DepthImage redrawn;
    ASSERT_TRUE(DepthReadback{}.read(target.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, redrawn).ok());
    ASSERT_EQ(redrawn.pixels, render_depth(path[step], width, height, false, DepthPass::z_only).pixels);
  }
}

// Pixels no surface covers (the margin round the open front) keep the far value, as the shaded
// pass's clear gives them: 1, or 0 inverted.
TEST_F(GlScene, ZOnlyDepthLeavesUncoveredPixelsFar) {
  if (!SceneRenderer::z_only_available()) GTEST_SKIP() << "this GL context has no compute shaders (needs 4.3)";
  for (const bool invert : {false, true}) {
    const DepthImage depth = render_depth({0.f, 0.f, 0.f}, 400, 100, invert, DepthPass::z_only);  // wider than the box
    EXPECT_EQ(depth.at(0, 50), invert ? 0.f : 1.f);
    EXPECT_EQ(depth.at(399, 50), invert ? 0.f : 1.f);
  }
}

}  // namespace
}  // namespace stereocl
