// --pattern scene and the reveal: the pattern cut from the lit scene (core/scene_pattern.hpp's
// reference, and GL's copy of it, on random scenes of awkward sizes), and the reveal's blend of
// picture and scene at mid-fade (render/reveal_blend.hpp).
#include "core/scene_pattern.hpp"
#include "hidden_window.hpp"
#include "random_images.hpp"
#include "render/pixel_transfer.hpp"
#include "render/reveal_blend.hpp"
#include "render/scene_target.hpp"
#include "render/stereogram_compositor.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <tuple>

namespace stereocl {
namespace {

TEST(ScenePattern, TheWindowIsCentredOnTheSubjectAndStaysInTheScene) {
  EXPECT_EQ(scene_window_start(300, 80, 0.5f), 110);
  EXPECT_EQ(scene_window_start(300, 80, 0.f), 0);
  EXPECT_EQ(scene_window_start(300, 80, 1.f), 220);
  EXPECT_EQ(scene_window_start(300, 80, -2.f), 0) << "a subject out of the picture";
  EXPECT_EQ(scene_window_start(50, 80, 0.5f), 0) << "a scene narrower than P";
}

// Column x of the window is pattern column x mod P: where the background is far, the picture
// shows the window where it lies.
TEST(ScenePattern, EachWindowColumnLandsOnItsColumnModuloP) {
  for (const auto& [width, height, p, subject] : {std::tuple{301, 7, 85, 0.37f}, {97, 3, 96, 0.9f}, {64, 5, 17, 0.f}}) {
    const RgbaImage scene = testing::random_rgba(width, height, 5u + static_cast<unsigned>(width));
    const int start = scene_window_start(width, p, subject);
    const RgbaImage pattern = scene_pattern_reference(scene, p, start);
    ASSERT_EQ(pattern.width, p);
    ASSERT_EQ(pattern.height, height);
    for (int y = 0; y < height; ++y)
      for (int x = start; x < start + p; ++x) ASSERT_EQ(pattern.at(x % p, y), scene.at(x, y)) << x << "," << y;
  }
}

TEST(ScenePattern, ASceneNarrowerThanPRepeatsItself) {
  const RgbaImage scene = testing::random_rgba(13, 2, 3u);
  const RgbaImage pattern = scene_pattern_reference(scene, 30, 0);
  for (int j = 0; j < 30; ++j) EXPECT_EQ(pattern.at(j, 1), scene.at(j % 13, 1)) << j;
}

TEST(ScenePattern, RunsCoverEveryPatternColumnOnceWithConsecutiveSceneColumns) {
  for (const auto& [width, p, start] : {std::tuple{301, 85, 110}, {13, 30, 0}, {85, 85, 0}, {200, 7, 193}}) {
    int covered = 0;
    for (const ColumnRun& run : scene_pattern_runs(width, p, start)) {
      EXPECT_EQ(run.pattern_column, covered);
      EXPECT_LE(run.scene_column + run.count, width);
      for (int i = 0; i < run.count; ++i)
        EXPECT_EQ(scene_column_for(run.pattern_column + i, width, p, start), run.scene_column + i);
      covered += run.count;
    }
    EXPECT_EQ(covered, p);
  }
}

// A scene target whose lit colour is `scene` (GL rows, as the reference takes them).
SceneTarget scene_with_colour(const RgbaImage& scene) {
  SceneTarget target(scene.width, scene.height);
  upload_texture(target.colour_texture().get(), scene);
  return target;
}

TEST(ScenePatternInGl, CutsWhatTheReferenceCuts) {
  std::string why_not;
  auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  StereogramCompositor compositor;
  for (const auto& [width, height, p, subject] :
       {std::tuple{301, 77, 85, 0.63f}, {97, 33, 96, 0.1f}, {41, 19, 64, 0.5f}, {256, 9, 1, 0.5f}}) {
    const RgbaImage scene = testing::random_rgba(width, height, 17u + static_cast<unsigned>(height));
    const SceneTarget target = scene_with_colour(scene);
    const int start = scene_window_start(width, p, subject);
    compositor.set_pattern_from_scene(target.framebuffer(), width, height, p, start);
    EXPECT_EQ(read_texture_rgba(compositor.pattern_texture()).pixels, scene_pattern_reference(scene, p, start).pixels)
        << width << "x" << height << " P " << p;
  }
}

RgbaImage filled(int width, int height, Rgba8 colour) { return RgbaImage(width, height, colour); }

TEST(RevealInGl, MidFadeIsHalfPictureHalfSceneAndTheStripFadesToBlack) {
  std::string why_not;
  auto window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << why_not;
  constexpr int kStrip = 23, kSceneWidth = 61, kHeight = 17;
  ColourTarget picture(kSceneWidth + kStrip, kHeight);
  upload_texture(picture.texture().get(), filled(kSceneWidth + kStrip, kHeight, {200, 40, 100, 255}));
  const SceneTarget scene = scene_with_colour(filled(kSceneWidth, kHeight, {0, 240, 20, 255}));
  RevealBlend reveal;
  const float amount = step_reveal(0.f, true, kRevealSeconds / 2);
  const DisplayImage blended = reveal.blend(picture.display(), scene.colour_texture(), kSceneWidth, amount);
  ASSERT_EQ(blended.width, kSceneWidth + kStrip);
  const RgbaImage image = read_texture_rgba(*blended.texture);
  const auto near = [](Rgba8 a, Rgba8 b) {
    return std::abs(a.r - b.r) <= 1 && std::abs(a.g - b.g) <= 1 && std::abs(a.b - b.b) <= 1;
  };
  EXPECT_PRED2(near, image.at(kStrip + 30, 8), (Rgba8{100, 140, 60, 255})) << "over the scene";
  EXPECT_PRED2(near, image.at(kStrip, 0), (Rgba8{100, 140, 60, 255})) << "the scene's first column";
  EXPECT_PRED2(near, image.at(kStrip - 1, 0), (Rgba8{100, 20, 50, 255})) << "the strip, half way to black";
  const DisplayImage whole = reveal.blend(picture.display(), scene.colour_texture(), kSceneWidth, 1.f);
  EXPECT_PRED2(near, read_texture_rgba(*whole.texture).at(kStrip + 5, 3), (Rgba8{0, 240, 20, 255}));
}

}  // namespace
}  // namespace stereocl
