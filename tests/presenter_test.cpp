#include "pipeline/plan/stage_timings.hpp"
#include "render/presenter.hpp"

#include <gtest/gtest.h>

namespace stereocl {
namespace {

TEST(FitCentred, OneToOneAndCentredWhenItFits) {
  EXPECT_EQ(fit_centred(1365, 720, 1920, 1080), (Rect{277, 180, 1365, 720}));
  EXPECT_EQ(fit_centred(100, 50, 100, 50), (Rect{0, 0, 100, 50}));
}

TEST(FitCentred, ScaledDownKeepingTheAspectOnlyWhenTooBig) {
  const Rect r = fit_centred(2000, 1000, 1000, 1000);
  EXPECT_EQ(r.width, 1000);
  EXPECT_EQ(r.height, 500);
  EXPECT_EQ(r.y, 250);
}

TEST(FitCentred, NothingForAMinimisedWindowOrEmptyImage) {
  EXPECT_EQ(fit_centred(100, 100, 0, 0), Rect{});
  EXPECT_EQ(fit_centred(0, 100, 640, 480), Rect{});
}

TEST(StageTimings, MediansPerStageSumWithinAFrame) {
  StageTimings timings(3);
  for (double ms : {1.0, 5.0, 2.0, 100.0}) {
    timings.add(Stage::transfer, ms);
    timings.add(Stage::transfer, 1.0);  // a second transfer in the same frame adds up
    timings.end_frame(ms * 2);
  }
  // The window keeps the last three frames: transfer sums 6, 3, 101.
  EXPECT_DOUBLE_EQ(timings.stage_median(Stage::transfer), 6.0);
  EXPECT_DOUBLE_EQ(timings.stage_median(Stage::render), 0.0);
  EXPECT_DOUBLE_EQ(timings.frame_median(), 10.0);
  EXPECT_DOUBLE_EQ(median_of({4, 1, 3, 2}), 2.5);
  std::vector<double> one_to_twenty_one;
  for (int i = 1; i <= 21; ++i) one_to_twenty_one.push_back(i);
  EXPECT_DOUBLE_EQ(percentile_of(one_to_twenty_one, 0.95), 20.0);
}

}  // namespace
}  // namespace stereocl
