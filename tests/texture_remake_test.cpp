// GL textures are remade while the demo runs: the debug view switches between depth (W x H) and
// offsets ((W + P) x H), the pattern width changes the stereogram's size, a depth map of another
// size replaces the scene. Modes that give OpenCL views of those textures must never use a view
// of a texture that is gone, so after every change each picture must still equal CPU mode's.
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "hidden_window.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

namespace stereocl {
namespace {

LoadedImage grey_depth_map(int width, int height) {
  LoadedImage image;
  image.is_grey = true;
  image.grey16 = Image<std::uint16_t>(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      image.grey16.at(x, y) = static_cast<std::uint16_t>((x * 65535) / std::max(1, width - 1) ^ (y % 7) * 4096);
  return image;
}

int worst_channel_difference(const RgbaImage& a, const RgbaImage& b) {
  int worst = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) {
    const Rgba8 p = a.pixels[i], q = b.pixels[i];
    worst = std::max({worst, std::abs(p.r - q.r), std::abs(p.g - q.g), std::abs(p.b - q.b)});
  }
  return worst;
}

struct Change {
  DebugView view;
  int pattern_width;
  int depth_width;  // a new depth map when it differs from the step before
};

class TextureRemaking : public ::testing::TestWithParam<Mode> {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL context: " << why_not;
  }

  std::unique_ptr<Engine> make_demo(Mode mode) const {
    Options options;
    options.size = Size{96, 40};
    options.look.stereogram.algorithm = StereogramAlgorithm::lookup;  // the one whose size follows P
    options.mode = mode;
    options.look.effect.effect = find_effect("sobel");
    return std::make_unique<Engine>(options, open_opencl(window_->share_handles(), ""));
  }

  static void apply(Engine& engine, const Change& change, bool new_depth_map) {
    if (new_depth_map) {
      const Status used = engine.use_as_depth(grey_depth_map(change.depth_width, 37), "test depth map");
      ASSERT_TRUE(used.ok()) << used.error();
    }
    engine.settings().passes.debug_view = change.view;
    engine.settings().look.stereogram.pattern_width = change.pattern_width;
    engine.settings().look.stereogram.max_offset = 20.0f;
  }

  std::unique_ptr<Window> window_;
};

TEST_P(TextureRemaking, EveryPictureMatchesCpuModeWhileTexturesAreRemade) {
  const Mode mode = GetParam();
  const std::unique_ptr<Engine> reference = make_demo(Mode::cpu);
  const std::unique_ptr<Engine> candidate = make_demo(mode);
  if (!candidate->modes().availability().available(mode))
    GTEST_SKIP() << mode_display_name(mode) << " cannot run here: " << *candidate->modes().availability().reason(mode);
  ASSERT_EQ(candidate->settings().mode, mode);

  const Change changes[] = {
      {DebugView::none, 85, 120},   {DebugView::depth, 85, 120},   {DebugView::offsets, 85, 120},
      {DebugView::depth, 85, 120},  {DebugView::none, 64, 120},    {DebugView::offsets, 64, 77},
      {DebugView::none, 100, 77},   {DebugView::depth, 100, 120},  {DebugView::offsets, 71, 120},
      {DebugView::none, 71, 31},
  };
  for (int round = 0; round < 2; ++round) {
    int depth_width = 0;
    for (const Change& change : changes) {
      for (Engine* engine : {reference.get(), candidate.get()}) {
        apply(*engine, change, change.depth_width != depth_width);
        ASSERT_TRUE(engine->render_frame(1.0 / 60.0).ok());
      }
      depth_width = change.depth_width;
      const RgbaImage expected = reference->saved_image(), actual = candidate->saved_image();
      ASSERT_EQ(actual.width, expected.width);
      ASSERT_EQ(actual.height, expected.height);
      EXPECT_LE(worst_channel_difference(expected, actual), 1)
          << "round " << round << ", view " << static_cast<int>(change.view) << ", P " << change.pattern_width
          << ", depth width " << change.depth_width;
    }
  }
}

// What the CL views rely on: a view goes before its texture (destroyed or replaced), and a
// remade texture starts with no views even where GL hands out the same name again.
TEST(TextureViews, GoBeforeTheirTextureAndNeverPassToARemadeOne) {
  std::string why_not;
  const std::unique_ptr<Window> window = testing::open_hidden_window(why_not);
  if (!window) GTEST_SKIP() << "no GL context: " << why_not;
  int owner = 0;
  std::vector<bool> texture_alive_when_view_went;
  const auto make_view = [&](GLuint name) {
    return std::shared_ptr<void>(&owner, [&, name](void*) { texture_alive_when_view_went.push_back(glIsTexture(name)); });
  };
  gl::Texture texture = gl::make_texture_2d(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE);
  texture.view(&owner, 1) = make_view(texture.get());
  texture = gl::make_texture_2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE);  // replaced, as a resize does
  EXPECT_FALSE(texture.view(&owner, 1)) << "a remade texture must not inherit the old one's view";
  texture.view(&owner, 1) = make_view(texture.get());
  texture = gl::Texture();  // destroyed
  ASSERT_EQ(texture_alive_when_view_went.size(), 2u);
  EXPECT_TRUE(texture_alive_when_view_went[0]);
  EXPECT_TRUE(texture_alive_when_view_went[1]);
}

INSTANTIATE_TEST_SUITE_P(ModesWithClViews, TextureRemaking, ::testing::Values(Mode::cpu_readback, Mode::gpu),
                         [](const auto& info) { return std::string(mode_cli_name(info.param)) == "gpu" ? "Gpu" : "CpuReadback"; });

}  // namespace
}  // namespace stereocl
