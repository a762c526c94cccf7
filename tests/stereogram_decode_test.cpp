// Is the ball really in the picture? A viewer's eyes find, for each pixel, how far to the left
// the same pattern repeats; that period is P - M(1 - d). This test does the same with a
// block-matching decoder on the program's own screenshot and checks the depth it recovers
// against the scene's depth buffer, rendered here from the same seed.
#include "app/window.hpp"
#include "core/image_file.hpp"
#include "render/pixel_transfer.hpp"
#include "render/scene_renderer.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stereocl {
namespace {

constexpr int kPatternWidth = 85;
constexpr float kMaxOffset = 30.f;

// The period at (x, y) that best explains the picture: the shift with the smallest difference
// over a small window, or -1 where no shift stands out (flat or ambiguous texture).
int decode_period(const RgbaImage& image, int x, int y) {
  constexpr int half = 3;
  int best = -1;
  long best_cost = -1, second_cost = -1;
  for (int period = kPatternWidth - static_cast<int>(kMaxOffset) - 1; period <= kPatternWidth; ++period) {
    long cost = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -half; dx <= half; ++dx) {
        const Rgba8 a = image.at(x + dx, y + dy), b = image.at(x + dx - period, y + dy);
        cost += std::abs(a.r - b.r);
      }
    if (best_cost < 0 || cost < best_cost) {
      second_cost = best_cost;
      best_cost = cost;
      best = period;
    } else if (second_cost < 0 || cost < second_cost) {
      second_cost = cost;
    }
  }
  return best_cost * 3 < second_cost ? best : -1;
}

TEST(StereogramDecode, TheBouncingBallCanBeSeenInTheScreenshot) {
  const int width = 400, height = 240, frames = 60;
  const std::string shot = testing::scratch_file("decode-cpu.png");
  const auto result = testing::run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "400x240", "--frames",
                                             std::to_string(frames), "--screenshot", shot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(shot);
  ASSERT_EQ(picture.width, width + kPatternWidth);

  // The same scene, from the same seed after the same fixed steps, straight from GL.
  std::unique_ptr<Window> window;
  try {
    window = std::make_unique<Window>(WindowSettings{64, 64, false, false, "decode"});
  } catch (const std::exception& error) {
    GTEST_SKIP() << "no GL context: " << error.what();
  }
  BallPhysics physics = BallPhysics::from_seed(1);
  for (int frame = 0; frame < frames; ++frame) physics.advance(1.0 / 60.0);
  SceneTarget target(width, height);
  SceneRenderer renderer;
  const auto render_depth = [&](const BallPhysics& scene) {
    renderer.render(scene, false, target, DepthPass::z_only);
    DepthImage depth;
    const Status read = DepthReadback().read(target.framebuffer(), GL_COLOR_ATTACHMENT1, width, height, depth);
    if (!read) throw std::runtime_error(read.error());
    flip_rows(depth);  // the screenshot is top row first
    return depth;
  };
  const DepthImage depth = render_depth(physics);
  BallPhysics empty_box = physics;
  empty_box.radius = 0.f;  // the same box without the ball, to find the ball's silhouette
  const DepthImage wall = render_depth(empty_box);

  // Compare where the decoder is confident, and find the ball: where it is nearer than the box.
  int compared = 0, close = 0;
  double ball_x = 0, ball_y = 0, ball_pixels = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (depth.at(x, y) < wall.at(x, y) - 0.05f) {
        ball_x += x;
        ball_y += y;
        ++ball_pixels;
      }
  ASSERT_GT(ball_pixels, 500) << "the ball is in view";
  const int centre_x = static_cast<int>(ball_x / ball_pixels) + kPatternWidth;
  const int centre_y = static_cast<int>(ball_y / ball_pixels);
  const float nearest = depth.at(centre_x - kPatternWidth, centre_y);
  for (int y = 2; y < height - 2; y += 2)
    for (int x = kPatternWidth + 4; x < width + kPatternWidth - 4; x += 2) {
      const float d = depth.at(x - kPatternWidth, y);
      const int period = decode_period(picture, x, y);
      if (period < 0) continue;
      ++compared;
      const float expected = static_cast<float>(kPatternWidth) - kMaxOffset * (1.f - d);
      close += std::abs(static_cast<float>(period) - expected) <= 1.5f;
    }
  EXPECT_GT(compared, 5000);
  EXPECT_GT(static_cast<double>(close) / compared, 0.9) << close << " of " << compared;
  // At the ball's centre the picture repeats with the ball's period, clearly shorter than that
  // of the wall behind it: the ball floats in front.
  const int ball_period = decode_period(picture, centre_x, centre_y);
  const float wall_period = kPatternWidth - kMaxOffset * (1.f - wall.at(centre_x - kPatternWidth, centre_y));
  EXPECT_NEAR(ball_period, kPatternWidth - kMaxOffset * (1.f - nearest), 1.5) << "at " << centre_x << "," << centre_y;
  EXPECT_LT(ball_period, wall_period - 4.f);
}

}  // namespace
}  // namespace stereocl
