// Dropping files onto the window, through handle_dropped_file(): the function the GLFW drop
// callback calls, driven here with a hidden window and a real Engine.
#include "config/options.hpp"
#include "pipeline/sources/background_image_load.hpp"
#include "pipeline/engine.hpp"
#include "ui/file_drop.hpp"
#include "ui/window.hpp"
#include "files/picture/image_file.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <unistd.h>

namespace stereocl {
namespace {

using testing::scratch_file;
using testing::write_png;

RgbaImage grey_ramp(int width, int height) {
  RgbaImage image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const auto v = static_cast<std::uint8_t>(x * 255 / (width - 1));
      image.at(x, y) = Rgba8{v, v, v, 255};
    }
  return image;
}

RgbaImage colour_tile(int width, int height) {
  RgbaImage image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      image.at(x, y) = Rgba8{static_cast<std::uint8_t>(x * 7), static_cast<std::uint8_t>(y * 5), 200, 255};
  return image;
}

class FileDrop : public ::testing::Test {
 protected:
  void SetUp() override {
    WindowSettings hidden;
    hidden.width = 320;
    hidden.height = 240;
    hidden.visible = false;
    window_ = std::make_unique<Window>(hidden);
    options_.size = Size{96, 64};
    options_.mode = Mode::cpu;
    options_.look.stereogram.algorithm = StereogramAlgorithm::lookup;  // a picture P wider than the depth
    demo_ = std::make_unique<Engine>(options_, open_opencl(window_->share_handles(), ""));
    ASSERT_TRUE(demo_->render_frame(1.0 / 60.0).ok());
  }
  // A frame after the drop, as the main loop would draw it: must not throw or crash.
  void draw_a_frame() {
    ASSERT_TRUE(demo_->render_frame(1.0 / 60.0).ok());
    demo_->present(320, 240);
  }

  Options options_;
  std::unique_ptr<Window> window_;
  std::unique_ptr<Engine> demo_;
};

TEST_F(FileDrop, AGreyPngBecomesTheDepthMap) {
  const std::string path = write_png("ramp.png", grey_ramp(120, 50));
  const DropResult result = handle_dropped_file(*demo_, path);
  ASSERT_TRUE(result.loaded) << result.message;
  EXPECT_EQ(result.loaded->role, FileRole::depth_map);
  EXPECT_EQ(result.message, "Loaded ramp.png as depth map");
  EXPECT_TRUE(demo_->sources().has_depth_image());
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::image);
  EXPECT_EQ(demo_->sources().scene_size().width, 120);
  EXPECT_EQ(demo_->sources().scene_size().height, 50);
  draw_a_frame();
  EXPECT_EQ(demo_->saved_image().width, 120 + demo_->settings().look.stereogram.pattern_width);
}

// The picture is scaled to P: P stays what it was.
TEST_F(FileDrop, AColourPngBecomesThePattern) {
  const int pattern_width = demo_->settings().look.stereogram.pattern_width;
  const std::string path = write_png("tile.png", colour_tile(60, 60));
  const DropResult result = handle_dropped_file(*demo_, path);
  ASSERT_TRUE(result.loaded) << result.message;
  EXPECT_EQ(result.loaded->role, FileRole::pattern);
  EXPECT_EQ(demo_->settings().look.pattern_kind, PatternKind::image);
  EXPECT_EQ(demo_->settings().look.stereogram.pattern_width, pattern_width);
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::scene);
  draw_a_frame();
  EXPECT_EQ(demo_->saved_image().width, 96 + pattern_width);
}

// With a size of its own the scene keeps it, and a map of another size is fitted to it.
TEST_F(FileDrop, ADepthMapIsFittedToASceneWithASizeOfItsOwn) {
  options_.size_given = true;
  demo_ = std::make_unique<Engine>(options_, open_opencl(window_->share_handles(), ""));
  const DropResult result = handle_dropped_file(*demo_, write_png("ramp.png", grey_ramp(120, 50)));
  ASSERT_TRUE(result.loaded) << result.message;
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::image);
  EXPECT_EQ(demo_->sources().scene_size().width, 96);
  EXPECT_EQ(demo_->sources().scene_size().height, 64);
  draw_a_frame();
  const RgbaImage contained = demo_->saved_image();
  EXPECT_EQ(contained.width, 96 + demo_->settings().look.stereogram.pattern_width);
  demo_->settings().look.depth_fit = DepthFit::stretch;
  draw_a_frame();
  EXPECT_NE(demo_->saved_image().pixels, contained.pixels) << "a new fit refits the map";
}

TEST_F(FileDrop, ACorruptFileSaysWhyAndChangesNothing) {
  const std::string path = testing::write_bytes("corrupt.png", "\x89PNG\r\n\x1a\n this is not the rest of a PNG");
  const DemoSettings before = demo_->settings();
  const DropResult result = handle_dropped_file(*demo_, path);
  EXPECT_FALSE(result.loaded);
  EXPECT_NE(result.message.find("corrupt.png"), std::string::npos) << result.message;
  EXPECT_EQ(demo_->settings().look.pattern_kind, before.look.pattern_kind);
  EXPECT_EQ(demo_->settings().depth_source, before.depth_source);
  EXPECT_EQ(demo_->settings().look.stereogram.pattern_width, before.look.stereogram.pattern_width);
  EXPECT_FALSE(demo_->sources().has_depth_image());
  EXPECT_FALSE(demo_->pattern().has_image());
  EXPECT_EQ(demo_->sources().scene_size().width, 96);
  draw_a_frame();
}

TEST_F(FileDrop, AMissingFileSaysWhy) {
  const DropResult result = handle_dropped_file(*demo_, scratch_file("not-there.png"));
  EXPECT_FALSE(result.loaded);
  EXPECT_NE(result.message.find("not-there.png"), std::string::npos) << result.message;
}

// Wider than any P, it is scaled down to P; over 4096 a side it is refused from its header.
TEST_F(FileDrop, AWidePatternIsScaledAndAHugeOneRefusedWithTheRule) {
  const int pattern_width = demo_->settings().look.stereogram.pattern_width;
  const DropResult wide = handle_dropped_file(*demo_, write_png("wide.png", colour_tile(1100, 8)));
  ASSERT_TRUE(wide.loaded) << wide.message;
  EXPECT_EQ(demo_->settings().look.stereogram.pattern_width, pattern_width);
  draw_a_frame();
  EXPECT_EQ(demo_->saved_image().width, 96 + pattern_width);
  const DropResult huge = handle_dropped_file(*demo_, write_png("huge.png", colour_tile(4100, 2)));
  EXPECT_FALSE(huge.loaded);
  EXPECT_NE(huge.message.find("images must be 1..4096 pixels per side"), std::string::npos) << huge.message;
  draw_a_frame();
}

TEST_F(FileDrop, TheRoleCanBeSwappedAndTheOldOneIsUndone) {
  const std::string path = write_png("ramp.png", grey_ramp(80, 40));
  const DropResult as_depth = handle_dropped_file(*demo_, path);
  ASSERT_TRUE(as_depth.loaded);
  draw_a_frame();

  const DropResult as_pattern = swap_role(*demo_, *as_depth.loaded);
  ASSERT_TRUE(as_pattern.loaded) << as_pattern.message;
  EXPECT_EQ(as_pattern.loaded->role, FileRole::pattern);
  EXPECT_EQ(as_pattern.message, "Loaded ramp.png as pattern");
  EXPECT_EQ(demo_->settings().look.pattern_kind, PatternKind::image);
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::scene);
  draw_a_frame();
  EXPECT_EQ(demo_->sources().scene_size().width, 96);  // the ball is back, at --size

  const DropResult back = swap_role(*demo_, *as_pattern.loaded);
  ASSERT_TRUE(back.loaded) << back.message;
  EXPECT_EQ(demo_->settings().depth_source, DepthSource::image);
  EXPECT_EQ(demo_->settings().look.pattern_kind, PatternKind::random_grey);
  draw_a_frame();
  EXPECT_EQ(demo_->sources().scene_size().width, 80);
}

// Finding 2: a dropped file was decoded on the main thread, so a slow one froze the window. The
// file here is a pipe the test fills only after frames have been drawn: the load cannot finish
// before then, and the frame loop must keep going meanwhile.
TEST_F(FileDrop, ADroppedFileLoadsWhileFramesAreDrawn) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  BackgroundImageLoad load;
  const std::string pipe_path = "/dev/fd/" + std::to_string(ends[0]);
  EXPECT_EQ(load.start(pipe_path), "Loading " + std::to_string(ends[0]) + "...");
  EXPECT_EQ(load.start(pipe_path), "Still loading " + std::to_string(ends[0]) + "; drop " +
                                       std::to_string(ends[0]) + " again when it is done");
  for (int frame = 0; frame < 5; ++frame) {
    draw_a_frame();
    EXPECT_FALSE(load.take_finished());
  }
  const std::string png = encode_png(grey_ramp(70, 30)).value();
  ASSERT_EQ(::write(ends[1], png.data(), png.size()), static_cast<ssize_t>(png.size()));
  ::close(ends[1]);
  std::optional<FinishedLoad> finished;
  for (int frame = 0; frame < 1000 && !finished; ++frame) {
    draw_a_frame();
    finished = load.take_finished();
  }
  ::close(ends[0]);
  ASSERT_TRUE(finished);
  EXPECT_FALSE(load.busy());
  const DropResult result = use_dropped_image(*demo_, finished->path, finished->image);
  ASSERT_TRUE(result.loaded) << result.message;
  EXPECT_EQ(demo_->sources().scene_size().width, 70);
  draw_a_frame();
}

TEST_F(FileDrop, ADroppedFileOverItsTimeBudgetIsGivenUpWithAMessage) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ImageLoadBudget budget;
  budget.read.pipe_timeout = std::chrono::milliseconds(100);
  BackgroundImageLoad load(budget);
  load.start("/dev/fd/" + std::to_string(ends[0]));
  std::optional<FinishedLoad> finished;
  for (int frame = 0; frame < 2000 && !finished; ++frame) {
    draw_a_frame();
    finished = load.take_finished();
  }
  ::close(ends[0]);
  ::close(ends[1]);
  ASSERT_TRUE(finished);
  const DropResult result = use_dropped_image(*demo_, finished->path, finished->image);
  EXPECT_FALSE(result.loaded);
  EXPECT_NE(result.message.find("did not finish within 100 ms"), std::string::npos) << result.message;
}

}  // namespace
}  // namespace stereocl
