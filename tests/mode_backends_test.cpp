// Which modes run, and what happens to the mode asked for where it cannot (pipeline/mode_backends.hpp),
// without drawing a frame: the fallbacks are the part of the engine a user meets on a machine
// without OpenCL, and the easiest to break unseen.
#include "hidden_window.hpp"
#include "pipeline/mode_backends.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace stereocl {
namespace {

ClSetup no_opencl() {
  ClSetup none;
  none.no_opencl_reason = "no OpenCL platform (the test's)";
  return none;
}

class ModeBackendsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL context: " << why_not;
  }
  Settings options_with(Mode mode) {
    Settings options;
    options.mode = mode;
    options.mode_given = true;
    return options;
  }
  Notices notices_;
  int opened_ = 0;
  ClOpener counting_opener() {
    return [this] {
      ++opened_;
      return no_opencl();
    };
  }

 private:
  std::unique_ptr<Window> window_;
};

TEST_F(ModeBackendsTest, AnOpenClModeAskedForWithoutOpenClRunsCpuModeAndSaysSo) {
  const Settings options = options_with(Mode::gpu);
  ModeBackends modes(options, notices_, nullptr);
  DemoSettings settings(options);
  modes.start(no_opencl(), settings);
  EXPECT_EQ(settings.mode, Mode::cpu);
  EXPECT_EQ(modes.unavailable(settings.mode), Mode::gpu) << "the title names the mode asked for";
  EXPECT_FALSE(modes.availability().available(Mode::gpu));
  const auto said = notices_.take();
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].text.find("running CPU mode instead"), std::string::npos) << said[0].text;
}

TEST_F(ModeBackendsTest, OpenClOpensOnTheFirstSwitchToAModeThatNeedsIt) {
  const Settings options = options_with(Mode::cpu);
  ModeBackends modes(options, notices_, counting_opener());
  DemoSettings settings(options);
  modes.start(std::nullopt, settings);
  EXPECT_FALSE(modes.opencl_opened());
  EXPECT_TRUE(modes.availability().available(Mode::gpu)) << "not known yet, so not refused";
  DemoSettings applied = settings;
  modes.reconcile(settings, applied, {96, 40, 0});
  EXPECT_EQ(opened_, 0) << "CPU mode needs no OpenCL";
  settings.mode = Mode::cpu_readback;
  modes.reconcile(settings, applied, {96, 40, 0});
  EXPECT_EQ(opened_, 1);
  EXPECT_EQ(settings.mode, Mode::cpu);
  EXPECT_EQ(modes.unavailable(settings.mode), Mode::cpu_readback);
  EXPECT_FALSE(notices_.take().empty());
}

TEST_F(ModeBackendsTest, AModePickedThatCannotRunKeepsTheAppliedOne) {
  const Settings options = options_with(Mode::cpu);
  ModeBackends modes(options, notices_, nullptr);
  DemoSettings settings(options);
  modes.start(no_opencl(), settings);
  DemoSettings applied = settings;
  settings.mode = Mode::gpu;
  modes.reconcile(settings, applied, {96, 40, 0});
  EXPECT_EQ(settings.mode, Mode::cpu);
}

TEST_F(ModeBackendsTest, AFailingStereogramModeIsLeftForTheLastModeThatWorked) {
  const Settings options = options_with(Mode::cpu);
  ModeBackends modes(options, notices_, nullptr);
  DemoSettings settings(options);
  modes.start(no_opencl(), settings);
  modes.worked(Mode::scene);
  settings.mode = Mode::cpu;
  DemoSettings applied = settings;
  const Status left = modes.leave_failing(settings, applied, "CL_OUT_OF_RESOURCES");
  ASSERT_FALSE(left.ok());
  EXPECT_NE(left.error().find("CL_OUT_OF_RESOURCES"), std::string::npos) << left.error();
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_EQ(applied.mode, Mode::scene) << "the next frame must not switch back to the failing mode";
}

TEST_F(ModeBackendsTest, SceneModeStaysWhenItsEffectsFailAndTheCpuRunsThem) {
  const Settings options = options_with(Mode::scene);
  ModeBackends modes(options, notices_, nullptr);
  DemoSettings settings(options);
  modes.start(no_opencl(), settings);
  DemoSettings applied = settings;
  EXPECT_FALSE(modes.leave_failing(settings, applied, "CL_INVALID_IMAGE_SIZE").ok());
  EXPECT_EQ(settings.mode, Mode::scene);
  EXPECT_NO_THROW(modes.backend(Mode::scene));
}

TEST_F(ModeBackendsTest, HandoverFloorOfAModeThatDoesNotRunSaysWhy) {
  const Settings options = options_with(Mode::cpu);
  ModeBackends modes(options, notices_, nullptr);
  DemoSettings settings(options);
  modes.start(no_opencl(), settings);
  const auto floor = modes.handover_floor(Mode::gpu, std::nullopt, settings.sync(), 3);
  ASSERT_FALSE(floor);
  EXPECT_FALSE(floor.error().empty());
}

}  // namespace
}  // namespace stereocl
