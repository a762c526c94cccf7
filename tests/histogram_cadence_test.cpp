// The panel's live histogram is computed on one frame in kPanelHistogramEvery, and its time is
// its own stage; --histogram still gets every frame's.
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "ui/window.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>

namespace stereocl {
namespace {

class HistogramCadence : public ::testing::Test {
 protected:
  std::unique_ptr<Engine> make_demo(const std::string& histogram_file) {
    WindowSettings hidden;
    hidden.width = 320;
    hidden.height = 240;
    hidden.visible = false;
    window_ = std::make_unique<Window>(hidden);
    Options options;
    options.size = Size{97, 31};
    options.mode = Mode::cpu;
    options.histogram_file = histogram_file;
    return std::make_unique<Engine>(options, open_opencl(window_->share_handles(), ""));
  }
  // Frames whose histogram differs from the one before: each is a recomputation, as the ball moves.
  static int recomputations(Engine& engine, int frames) {
    int changes = 0;
    Histogram256 previous{};
    for (int i = 0; i < frames; ++i) {
      EXPECT_TRUE(engine.render_frame(1.0 / 60.0));
      engine.timings().end_frame(16.0);
      changes += engine.last_histogram() != previous;
      previous = engine.last_histogram();
    }
    return changes;
  }
  std::unique_ptr<Window> window_;
};

TEST_F(HistogramCadence, PanelHistogramRunsOnOneFrameInFourAsItsOwnStage) {
  auto engine = make_demo("");
  ASSERT_TRUE(engine->settings().stage.show_panel);
  const int frames = 16;
  const int changes = recomputations(*engine, frames);
  EXPECT_LE(changes, frames / static_cast<int>(kPanelHistogramEvery));
  EXPECT_GE(changes, 2);
  const Histogram256& bins = engine->last_histogram();
  const auto strip = static_cast<unsigned long long>(stereogram_strip_width(engine->settings().look.stereogram));
  EXPECT_EQ(std::accumulate(bins.begin(), bins.end(), 0ull), (97ull + strip) * 31);  // lookup: P wider; symmetric: W
  EXPECT_EQ(engine->timings().stage_median(Stage::histogram), 0.0);  // most frames skip it
  EXPECT_GT(engine->timings().stage_mean(Stage::histogram), 0.0);
}

TEST_F(HistogramCadence, HistogramOptionGetsEveryFrame) {
  auto engine = make_demo("bins.csv");
  recomputations(*engine, 8);
  EXPECT_GT(engine->timings().stage_median(Stage::histogram), 0.0);
}

}  // namespace
}  // namespace stereocl
