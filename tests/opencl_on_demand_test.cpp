// OpenCL is opened when a mode first needs it (pipeline/engine.hpp): a CPU-mode run never pays for
// the drivers and the kernel builds, and the first switch to an OpenCL mode either runs it or
// says why not and runs the best mode that can.
#include "config/options.hpp"
#include "hidden_window.hpp"
#include "pipeline/engine.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace stereocl {
namespace {

class OpenClOnDemand : public ::testing::Test {
 protected:
  // Null (the test skips) where no GL context opens. `opener` counts its calls in opened_.
  std::unique_ptr<Engine> make_demo(Mode mode, std::function<ClSetup()> opener) {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) return nullptr;
    Options options;
    options.size = Size{96, 40};
    options.mode = mode;
    return std::make_unique<Engine>(options, [this, opener] {
      ++opened_;
      return opener();
    });
  }
  std::function<ClSetup()> real_opencl() {
    return [this] { return open_opencl(window_->share_handles(), ""); };
  }
  static ClSetup no_opencl() {
    ClSetup none;
    none.no_opencl_reason = "no OpenCL platform (the test's)";
    return none;
  }
  int opened_ = 0;

 private:
  std::unique_ptr<Window> window_;
};

TEST_F(OpenClOnDemand, CpuModeDrawsWithoutOpeningOpenCl) {
  const auto demo = make_demo(Mode::cpu, real_opencl());
  if (!demo) GTEST_SKIP() << "no GL context";
  for (int frame = 0; frame < 3; ++frame) ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  EXPECT_EQ(opened_, 0);
  EXPECT_FALSE(demo->modes().opencl_opened());
  EXPECT_TRUE(demo->modes().availability().available(Mode::cpu_readback)) << "not known yet, so not refused";
}

TEST_F(OpenClOnDemand, AModeThatNeedsItOpensItOnce) {
  const auto demo = make_demo(Mode::cpu, real_opencl());
  if (!demo) GTEST_SKIP() << "no GL context";
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  demo->settings().mode = Mode::cpu_readback;
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  demo->settings().mode = Mode::cpu;
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  demo->settings().mode = Mode::scene;
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  EXPECT_EQ(opened_, 1);
  EXPECT_TRUE(demo->modes().opencl_opened());
  if (demo->modes().opencl_environment() == nullptr) GTEST_SKIP() << "no OpenCL device here: " << demo->modes().opencl_description();
}

TEST_F(OpenClOnDemand, WhereItCannotServeTheModeTheUserIsToldAndTheBestModeRuns) {
  const auto demo = make_demo(Mode::cpu, no_opencl);
  if (!demo) GTEST_SKIP() << "no GL context";
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  (void)demo->take_notices();
  demo->settings().mode = Mode::cpu_readback;
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  EXPECT_EQ(demo->settings().mode, Mode::cpu);
  EXPECT_FALSE(demo->modes().availability().available(Mode::cpu_readback));
  bool said = false;
  for (const Notices::Line& line : demo->take_notices())
    said = said || (line.text.find("no OpenCL platform (the test's)") != std::string::npos &&
                    line.text.find("running CPU mode instead") != std::string::npos);
  EXPECT_TRUE(said) << "the switch that failed was not explained";
}

TEST_F(OpenClOnDemand, AnOpenClModeAtStartOpensItAtOnce) {
  const auto demo = make_demo(Mode::cpu_readback, no_opencl);
  if (!demo) GTEST_SKIP() << "no GL context";
  EXPECT_EQ(opened_, 1);
  EXPECT_EQ(demo->settings().mode, Mode::cpu) << "CPU-readback cannot run without OpenCL";
}

}  // namespace
}  // namespace stereocl
