// P, M and the blur radius are kernel arguments of every kernel: dragging their sliders must
// build no program.
// ProgramBuilder counts every build, so these tests see one happen.
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "cl_test_device.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace stereocl {
namespace {

TEST(ProgramBuilds, TheStereogramKernelIsBuiltOnceForEveryPAndM) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  for (const auto kind : {StereogramKernelKind::classic, StereogramKernelKind::fast}) {
    const std::size_t before = cl->programs.builds();
    StereogramKernel kernel(cl->programs, kind);
    EXPECT_EQ(cl->programs.builds(), before + 1);
    const cl::ImageFormat format(CL_R, CL_FLOAT);
    const cl::Image2D depth(cl->context, CL_MEM_READ_WRITE, format, 40, 3);
    const cl::Image2D offsets(cl->context, CL_MEM_READ_WRITE, format, 40 + kMaxPatternWidth, 3);
    for (int p = kMinPatternWidth; p <= kMaxPatternWidth; p += 97)
      for (const float m : {0.f, 0.5f * static_cast<float>(p - 2), static_cast<float>(p) - 1.5f})
        kernel.enqueue(cl->queue, depth, offsets, 40, 3, {p, m}).wait();
    EXPECT_EQ(cl->programs.builds(), before + 1) << "a parameter change rebuilt the program";
  }
}

// Its local- and global-memory variants are built once per oversampling, whatever P and M.
TEST(ProgramBuilds, TheSymmetricKernelIsBuiltOnceForEveryPAndM) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const std::size_t before = cl->programs.builds();
  SymmetricStereogramKernel kernel(cl->programs, symmetric_params_from_pixels(85, 30.f));
  EXPECT_EQ(cl->programs.builds(), before + 2);
  const cl::ImageFormat format(CL_R, CL_FLOAT);
  const cl::Image2D depth(cl->context, CL_MEM_READ_WRITE, format, 40, 3);
  const cl::Image2D coordinates(cl->context, CL_MEM_READ_WRITE, format, 40, 3);
  for (int p = 8; p <= 400; p += 97)
    for (const float m : {0.f, 0.25f * static_cast<float>(p)}) {
      kernel.use(symmetric_params_from_pixels(p, m));
      kernel.enqueue(cl->queue, depth, coordinates, 40, 3).wait();
    }
  EXPECT_EQ(cl->programs.builds(), before + 2) << "a parameter change rebuilt the program";
  EXPECT_THROW(kernel.use(symmetric_params_from_pixels(85, 30.f, 2)), std::invalid_argument);
}

// The app in CPU-readback mode, as the panel drives it, with the algorithm under test.
class EngineBuilds : public ::testing::Test {
 protected:
  // Null (the test skipped) where no GL context opens or CPU-readback cannot run.
  std::unique_ptr<Engine> make_demo(StereogramAlgorithm algorithm, const EffectRow* effect = nullptr) {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) {
      skip_reason_ = "no GL context: " + why_not;
      return nullptr;
    }
    Options options;
    options.size = Size{64, 32};
    options.mode = Mode::cpu_readback;
    options.look.stereogram.algorithm = algorithm;
    options.look.effect.effect = effect;
    auto demo = std::make_unique<Engine>(options, open_opencl(window_->share_handles(), ""));
    if (!demo->modes().availability().available(Mode::cpu_readback)) {
      skip_reason_ = "CPU-readback cannot run here: " + *demo->modes().availability().reason(Mode::cpu_readback);
      return nullptr;
    }
    return demo;
  }
  std::string skip_reason_;

  void expect_slider_drags_build_nothing(StereogramAlgorithm algorithm) {
    const std::unique_ptr<Engine> demo = make_demo(algorithm, find_effect("blur"));
    if (!demo) GTEST_SKIP() << skip_reason_;
    ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
    const std::size_t builds = demo->modes().opencl_environment()->programs.builds();
    EXPECT_GT(builds, 0u);
    for (int step = 0; step < 40; ++step) {
      demo->settings().look.stereogram.pattern_width = 60 + step;
      demo->settings().look.stereogram.max_offset = 0.7f * static_cast<float>(step);
      demo->settings().look.effect.values["blur_radius"] = 1 + step % 32;
      ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
    }
    EXPECT_EQ(demo->modes().opencl_environment()->programs.builds(), builds);
  }

 private:
  std::unique_ptr<Window> window_;
};

// P, M and the blur radius move while frames are drawn: every kernel takes them as arguments.
TEST_F(EngineBuilds, SliderDragsInTheDemoBuildNothing) { expect_slider_drags_build_nothing(StereogramAlgorithm::lookup); }

// The symmetric kernel too: only its oversampling is compiled in.
TEST_F(EngineBuilds, SymmetricSliderDragsBuildNothing) {
  expect_slider_drags_build_nothing(StereogramAlgorithm::symmetric);
}

// A run builds the kernels of the effect it shows, on its first frame: the blur's programs (two
// of eight: RGBA, one border) only once the blur is chosen.
TEST_F(EngineBuilds, AnEffectsKernelsAreBuiltOnItsFirstFrame) {
  const std::unique_ptr<Engine> demo = make_demo(StereogramAlgorithm::symmetric);
  if (!demo) GTEST_SKIP() << skip_reason_;
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  const std::size_t without_effect = demo->modes().opencl_environment()->programs.builds();
  demo->settings().look.effect.effect = find_effect("blur");
  ASSERT_TRUE(demo->render_frame(1.0 / 60.0).ok());
  EXPECT_EQ(demo->modes().opencl_environment()->programs.builds(), without_effect + 2);
}

}  // namespace
}  // namespace stereocl
