// Where the panel and the picture go: the panel never covers the picture, which keeps 1:1
// unless the window is smaller than the picture itself.
#include "ui/stage_layout.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

bool overlaps_panel(const StageLayout& layout) { return layout.picture.x < layout.panel_width; }

TEST(StageLayout, ThePanelIsDockedLeftAndThePictureCentredInWhatIsLeft) {
  const StageLayout layout = lay_out_stage({1365, 720}, {1920, 1080}, 440, true);
  EXPECT_EQ(layout.panel_width, 440);
  EXPECT_EQ(layout.picture, (Rect{440 + (1920 - 440 - 1365) / 2, (1080 - 720) / 2, 1365, 720}));
  EXPECT_FALSE(layout.resampled);
  EXPECT_FALSE(layout.panel_yielded);
}

TEST(StageLayout, WithoutThePanelThePictureIsCentredInTheWholeWindow) {
  const StageLayout layout = lay_out_stage({1365, 720}, {1920, 1080}, 440, false);
  EXPECT_EQ(layout.panel_width, 0);
  EXPECT_EQ(layout.picture, fit_centred(1365, 720, 1920, 1080));
  EXPECT_FALSE(layout.panel_yielded);
}

// Whole or hidden, never narrowed: a narrowed panel re-wrapped, moving its controls.
TEST(StageLayout, ThePanelKeepsItsWidthOrYieldsKeepingThePictureOneToOne) {
  const StageLayout whole = lay_out_stage({840, 700}, {1280, 720}, 440, true);
  EXPECT_EQ(whole.panel_width, 440);
  EXPECT_FALSE(overlaps_panel(whole));

  const StageLayout yielded = lay_out_stage({900, 700}, {1280, 720}, 440, true);
  EXPECT_EQ(yielded.panel_width, 0);
  EXPECT_TRUE(yielded.panel_yielded);
  EXPECT_FALSE(yielded.resampled);
  EXPECT_EQ(yielded.picture, fit_centred(900, 700, 1280, 720));
}

TEST(StageLayout, APictureLargerThanTheWindowIsResampledAndThePanelStaysToSaySo) {
  for (const Size picture : {Size{2005, 1080}, Size{1000, 900}}) {
    const StageLayout layout = lay_out_stage(picture, {1280, 720}, 440, true);
    EXPECT_TRUE(layout.resampled);
    EXPECT_EQ(layout.panel_width, 440);
    EXPECT_FALSE(overlaps_panel(layout));
    EXPECT_LE(layout.picture.x + layout.picture.width, 1280);
    EXPECT_LE(layout.picture.height, 720);
    EXPECT_NE(resampled_note(picture, layout).find(std::to_string(picture.width) + "x"), std::string::npos);
  }
}

// Issue 29, case 15: a picture 1 pixel wide keeps its width but not its height, and the note said
// "resampled to 100% (1x720)".
TEST(StageLayout, TheNoteGivesTheScaleOfTheAxisScaledMost) {
  const Size picture{1, 720};
  const StageLayout layout = lay_out_stage(picture, {640, 360}, 0, false);
  ASSERT_TRUE(layout.resampled);
  const std::string note = resampled_note(picture, layout);
  EXPECT_EQ(note.find("100%"), std::string::npos) << note;
  EXPECT_NE(note.find("resampled to 50% ("), std::string::npos) << note;
}

TEST(StageLayout, NeverOverlapsOnAnyWindowOrPicture) {
  for (int window_width : {1, 200, 641, 1280, 1920, 3840})
    for (int picture_width : {1, 85, 640, 1365, 2005, 3401})
      for (int panel : {0, 440, 880})
        for (bool open : {false, true}) {
          const StageLayout layout = lay_out_stage({picture_width, 500}, {window_width, 720}, panel, open);
          EXPECT_FALSE(overlaps_panel(layout)) << window_width << " " << picture_width << " " << panel;
          EXPECT_LE(layout.picture.x + layout.picture.width, window_width);
          EXPECT_EQ(layout.resampled, layout.picture.width != picture_width);
          if (!open) EXPECT_EQ(layout.panel_width, 0);
        }
}

TEST(StageLayout, FitFillsWhatThePanelLeavesWithTheStereogramAtOneToOne) {
  const Size scene = fitted_scene_size({1920, 1080}, 440, true, 85);
  EXPECT_EQ(scene, (Size{1920 - 440 - 85, 1080}));
  const StageLayout layout = lay_out_stage({scene.width + 85, scene.height}, {1920, 1080}, 440, true);
  EXPECT_EQ(layout.picture, (Rect{440, 0, 1920 - 440, 1080}));
  EXPECT_EQ(fitted_scene_size({3840, 2160}, 440, false, 0), (Size{3840, 2160}));
  EXPECT_EQ(fitted_scene_size({100, 50}, 440, true, 85), (Size{1, 50}));  // never below one pixel
  // Beside the panel at --ui-scale 2, the convergence dots keep their (scaled) band.
  EXPECT_EQ(fitted_scene_size({1920, 1080}, 880, true, 0, 80), (Size{1920 - 880, 1000}));
}

}  // namespace
}  // namespace stereocl
