// The depth sources' inputs and the pattern's (pipeline/sources/scene_sources.hpp,
// pattern_source.hpp), apart from the frame: a source that cannot be used changes nothing, and the
// scene takes the size the source and the options say.
#include "hidden_window.hpp"
#include "pipeline/sources/pattern_source.hpp"
#include "pipeline/sources/scene_sources.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace stereocl {
namespace {

Image<std::uint16_t> grey_map(int width, int height) {
  return Image<std::uint16_t>(width, height, 30000);
}

class SceneSourcesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL context: " << why_not;
    options_.size = Size{96, 40};
  }
  Settings options_;

 private:
  std::unique_ptr<Window> window_;
};

TEST_F(SceneSourcesTest, ADepthMapMakesTheSceneItsSizeUnlessTheSceneHasOne) {
  SceneSources sources(options_);
  DemoSettings settings(options_);
  ASSERT_TRUE(sources.take_depth(grey_map(64, 32), "map.png", 0).ok());
  settings.depth_source = DepthSource::image;
  sources.show(settings);
  EXPECT_EQ(sources.scene_size(), (Size{64, 32}));
  EXPECT_EQ(sources.depth_name(), "map.png");
  EXPECT_FALSE(sources.depth_is_text());

  options_.size_given = true;
  SceneSources sized(options_);
  ASSERT_TRUE(sized.take_depth(grey_map(64, 32), "map.png", 0).ok());
  sized.show(settings);
  EXPECT_EQ(sized.scene_size(), (Size{96, 40})) << "fitted to --size";
}

TEST_F(SceneSourcesTest, ADepthMapBeyondTheTexturesChangesNothing) {
  SceneSources sources(options_);
  const Status taken = sources.take_depth(grey_map(1 << 17, 1), "wide.png", 0);
  ASSERT_FALSE(taken.ok());
  EXPECT_NE(taken.error().find("wide.png"), std::string::npos) << taken.error();
  EXPECT_FALSE(sources.has_depth_image());
}

TEST_F(SceneSourcesTest, AModelWithoutTrianglesChangesNothing) {
  SceneSources sources(options_);
  EXPECT_FALSE(sources.take_model(ModelMesh{}, "empty.obj").ok());
  EXPECT_FALSE(sources.has_model());
  EXPECT_TRUE(sources.model_name().empty());
}

TEST_F(SceneSourcesTest, ResizingTheSceneGivesItASizeOfItsOwn) {
  SceneSources sources(options_);
  DemoSettings settings(options_);
  sources.show(settings);
  ASSERT_TRUE(sources.resize({120, 60}, settings).ok());
  EXPECT_EQ(sources.scene_size(), (Size{120, 60}));
  EXPECT_TRUE(sources.scene_sized());
  EXPECT_FALSE(sources.resize({1 << 17, 60}, settings).ok());
  EXPECT_EQ(sources.scene_size(), (Size{120, 60}));
}

TEST(PatternSource, IsDrawnAgainOnlyWhenAnInputChanges) {
  PatternSource pattern;
  LookSettings look;
  EXPECT_TRUE(pattern.redraw(look, false).has_value()) << "the first";
  EXPECT_FALSE(pattern.redraw(look, false).has_value()) << "nothing changed";
  look.seed += 1;
  EXPECT_TRUE(pattern.redraw(look, false).has_value()) << "a new seed";
  EXPECT_TRUE(pattern.redraw(look, true).has_value()) << "shimmer: every frame";
  EXPECT_TRUE(pattern.redraw(look, true).has_value());
}

TEST(PatternSource, ANewPictureIsANewPatternEvenWithTheSameLook) {
  PatternSource pattern;
  LookSettings look;
  look.pattern_kind = PatternKind::image;
  RgbaImage picture(8, 8);
  pattern.take_image(picture, "dots.png");
  EXPECT_TRUE(pattern.redraw(look, false).has_value());
  EXPECT_FALSE(pattern.redraw(look, false).has_value());
  pattern.take_image(picture, "dots.png");
  EXPECT_TRUE(pattern.redraw(look, false).has_value());
  EXPECT_EQ(pattern.name(), "dots.png");
  EXPECT_TRUE(pattern.has_image());
}

}  // namespace
}  // namespace stereocl
