// Is the ball really in the picture? A viewer's eyes find, for each pixel, how far to the left
// the same pattern repeats; that period is P - M(1 - d). This test does the same with a
// block-matching decoder on the program's own screenshot and checks the depth it recovers
// against the scene's depth buffer, rendered here from the same seed.
#include "ui/window.hpp"
#include "files/picture/image_file.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"
#include "files/model/built_in_models.hpp"
#include "core/depth_map.hpp"
#include "files/text/text_depth.hpp"
#include "pipeline/sources/depth_sources.hpp"
#include "render/model_renderer.hpp"
#include "render/scene_renderer.hpp"
#include "run_program.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace stereocl {
namespace {

constexpr int kPatternWidth = 85;
constexpr float kMaxOffset = 30.f;
constexpr int kWidth = 400, kHeight = 240, kFrames = 60;  // the scene's size, and frames run before the screenshot

// The period at (x, y) that best explains the picture: the shift with the smallest difference
// over a small window, or -1 where no shift stands out (flat or ambiguous texture) unless
// `only_when_sure` is false (a flat plane at a fractional period matches its neighbours too).
int decode_period(const RgbaImage& image, int x, int y, bool only_when_sure = true) {
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
  return !only_when_sure || best_cost * 3 < second_cost ? best : -1;
}

BallPhysics physics_after(int frames) {
  BallPhysics physics = BallPhysics::from_seed(1);
  for (int frame = 0; frame < frames; ++frame) physics.advance(1.0 / 60.0);
  return physics;
}

DepthImage render_depth(SceneRenderer& renderer, SceneTarget& target, const BallPhysics& scene) {
  renderer.render(scene, false, target, DepthPass::z_only);
  DepthImage depth;
  const Status read = DepthReadback().read(target.framebuffer(), GL_COLOR_ATTACHMENT1, kWidth, kHeight, depth);
  if (!read) throw std::runtime_error(read.error());
  flip_rows(depth);  // the screenshot is top row first
  return depth;
}

// Where the scene is nearer than the empty box: the sums of the ball's pixel coordinates, and their count.
struct Silhouette {
  double sum_x = 0, sum_y = 0, pixels = 0;
};

Silhouette ball_silhouette(const DepthImage& depth, const DepthImage& wall) {
  Silhouette ball;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x)
      if (depth.at(x, y) < wall.at(x, y) - 0.05f) {
        ball.sum_x += x;
        ball.sum_y += y;
        ++ball.pixels;
      }
  return ball;
}

// Compare where the decoder is confident.
void expect_decoded_depth_matches(const RgbaImage& picture, const DepthImage& depth) {
  int compared = 0, close = 0;
  for (int y = 2; y < kHeight - 2; y += 2)
    for (int x = kPatternWidth + 4; x < kWidth + kPatternWidth - 4; x += 2) {
      const float d = depth.at(x - kPatternWidth, y);
      const int period = decode_period(picture, x, y);
      if (period < 0) continue;
      ++compared;
      const float expected = static_cast<float>(kPatternWidth) - kMaxOffset * (1.f - d);
      close += std::abs(static_cast<float>(period) - expected) <= 1.5f;
    }
  EXPECT_GT(compared, 5000);
  EXPECT_GT(static_cast<double>(close) / compared, 0.9) << close << " of " << compared;
}

// At the ball's centre the picture repeats with the ball's period, clearly shorter than that
// of the wall behind it: the ball floats in front.
void expect_ball_in_front(const RgbaImage& picture, float nearest, const DepthImage& wall, int centre_x, int centre_y) {
  const int ball_period = decode_period(picture, centre_x, centre_y);
  const float wall_period = kPatternWidth - kMaxOffset * (1.f - wall.at(centre_x - kPatternWidth, centre_y));
  EXPECT_NEAR(ball_period, kPatternWidth - kMaxOffset * (1.f - nearest), 1.5) << "at " << centre_x << "," << centre_y;
  EXPECT_LT(ball_period, wall_period - 4.f);
}

TEST(StereogramDecode, TheBouncingBallCanBeSeenInTheScreenshot) {
  const std::string shot = testing::scratch_file("decode-cpu.png");
  const auto result = testing::run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "400x240",
                                             "--frames", std::to_string(kFrames), "--screenshot", shot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(shot);
  ASSERT_EQ(picture.width, kWidth + kPatternWidth);

  // The same scene, from the same seed after the same fixed steps, straight from GL.
  std::unique_ptr<Window> window;
  try {
    window = std::make_unique<Window>(WindowSettings{64, 64, false, false, "decode"});
  } catch (const std::exception& error) {
    GTEST_SKIP() << "no GL context: " << error.what();
  }
  const BallPhysics physics = physics_after(kFrames);
  SceneTarget target(kWidth, kHeight);
  SceneRenderer renderer;
  const DepthImage depth = render_depth(renderer, target, physics);
  BallPhysics empty_box = physics;
  empty_box.radius = 0.f;  // the same box without the ball, to find the ball's silhouette
  const DepthImage wall = render_depth(renderer, target, empty_box);

  // Find the ball: where it is nearer than the box.
  const Silhouette ball = ball_silhouette(depth, wall);
  ASSERT_GT(ball.pixels, 500) << "the ball is in view";
  const int centre_x = static_cast<int>(ball.sum_x / ball.pixels) + kPatternWidth;
  const int centre_y = static_cast<int>(ball.sum_y / ball.pixels);
  const float nearest = depth.at(centre_x - kPatternWidth, centre_y);
  expect_decoded_depth_matches(picture, depth);
  expect_ball_in_front(picture, nearest, wall, centre_x, centre_y);
}

std::unique_ptr<Window> gl_window() {
  try {
    return std::make_unique<Window>(WindowSettings{64, 64, false, false, "decode"});
  } catch (const std::exception& error) {
    return nullptr;
  }
}

// The model source: the torus knot on its turntable, decoded from CPU mode's screenshot, matches
// the depth the model renderer draws at the same angle, and stands in front of the far plane.
TEST(StereogramDecode, TheTurningModelCanBeSeenInTheScreenshot) {
  const std::string shot = testing::scratch_file("decode-model.png");
  const auto result =
      testing::run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "400x240", "--model",
                             "torus-knot", "--frames", std::to_string(kFrames), "--screenshot", shot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(shot);
  ASSERT_EQ(picture.width, kWidth + kPatternWidth);
  const auto window = gl_window();
  if (!window) GTEST_SKIP() << "no GL context";
  // --frames runs in fixed 60 Hz steps: the turntable has turned this far.
  const double angle = 2.0 * 3.14159265358979 * kFrames / 60.0 / kTurntableSeconds;
  SceneTarget target(kWidth, kHeight);
  ModelRenderer renderer(torus_knot());
  renderer.render(static_cast<float>(angle), false, target, DepthPass::z_only);
  DepthImage depth;
  ASSERT_TRUE(DepthReadback().read(target.framebuffer(), GL_COLOR_ATTACHMENT1, kWidth, kHeight, depth));
  flip_rows(depth);
  expect_decoded_depth_matches(picture, depth);
  // Where the model is, the picture repeats clearly sooner than the far plane's P (wherever the
  // decoder is sure: on the tube's steep sides the period changes within its window).
  int model_pixels = 0, decoded = 0, decoded_in_front = 0;
  for (int y = 2; y < kHeight - 2; y += 2)
    for (int x = 4; x < kWidth - 4; x += 2) {
      if (depth.at(x, y) > 0.7f) continue;
      ++model_pixels;
      const int period = decode_period(picture, x + kPatternWidth, y);
      decoded += period > 0;
      decoded_in_front += period > 0 && period < kPatternWidth - 4;
    }
  ASSERT_GT(model_pixels, 500) << "the model is in view";
  ASSERT_GT(decoded, 300);
  EXPECT_GT(decoded_in_front, decoded * 9 / 10) << decoded_in_front << " of " << decoded;
}


// The text source: a hidden word, decoded from CPU mode's screenshot, matches the depth map the
// word draws, and its letters stand in front of the background plane where the rest is at P.
TEST(StereogramDecode, TheHiddenWordCanBeSeenInTheScreenshot) {
  const std::string shot = testing::scratch_file("decode-text.png");
  const auto result = testing::run_stereocl({"--hidden", "--algorithm", "lookup", "--mode", "cpu", "--size", "400x240",
                                             "--text", "HELLO", "--frames", "2", "--screenshot", shot});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(shot);
  ASSERT_EQ(picture.width, kWidth + kPatternWidth);
  const Result<Image<std::uint16_t>> word = text_depth_map("HELLO", kWidth, kHeight, "");
  ASSERT_TRUE(word) << word.error();
  const DepthImage depth = depth_from_grey(*word);  // top row first, as the screenshot
  expect_decoded_depth_matches(picture, depth);
  // The letters' flat tops repeat at a fractional period, which its neighbours match nearly as
  // well: there the best period is taken, sure or not.
  int letters = 0, letters_in_front = 0, background = 0, background_at_p = 0;
  for (int y = 2; y < kHeight - 2; y += 2)
    for (int x = 4; x < kWidth - 4; x += 2) {
      const int period = decode_period(picture, x + kPatternWidth, y, false);
      if (depth.at(x, y) < 0.1f) {
        ++letters;
        letters_in_front += period < kPatternWidth - 4;
      } else if (depth.at(x, y) > 0.99f) {
        ++background;
        background_at_p += period >= kPatternWidth - 1;
      }
    }
  ASSERT_GT(letters, 300) << "the word is in view and decodes";
  ASSERT_GT(background, 300);
  EXPECT_GT(letters_in_front, letters * 9 / 10) << letters_in_front << " of " << letters;
  EXPECT_GT(background_at_p, background * 9 / 10) << background_at_p << " of " << background;
}

}  // namespace
}  // namespace stereocl
