// B and '.' (a clicker's "blank"): the window goes black and comes back with the current picture.
#include "app/window_session.hpp"
#include "config/options.hpp"
#include "pipeline/engine.hpp"
#include "ui/key_bindings.hpp"
#include "hidden_window.hpp"
#include "render/pixel_transfer.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace stereocl {
namespace {

bool all_black(const RgbaImage& image) {
  return std::all_of(image.pixels.begin(), image.pixels.end(), [](Rgba8 p) { return p.r == 0 && p.g == 0 && p.b == 0; });
}

TEST(BlankScreen, TheBlankKeyBlacksTheWindowOutAndBack) {
  std::string why_not;
  const auto window = testing::open_hidden_window(why_not, 320, 240);
  if (!window) GTEST_SKIP() << "no GL window: " << why_not;
  Options options;
  options.size = Size{200, 150};
  options.mode = Mode::cpu;
  Engine demo(options, open_opencl(window->share_handles(), ""));
  int width = 0, height = 0;
  window->framebuffer_size(width, height);
  const auto shown = [&](int key) {
    EXPECT_TRUE(apply_action(*action_for_key(key), demo.settings(), demo.modes().availability()).ok());
    EXPECT_TRUE(demo.render_frame(1.0 / 60.0).ok());
    present_or_blank(demo, {width, height});
    return read_rgba(0, GL_BACK, width, height);
  };
  EXPECT_TRUE(all_black(shown(GLFW_KEY_B)));
  EXPECT_FALSE(all_black(shown(GLFW_KEY_PERIOD)));  // the stereogram again
  EXPECT_TRUE(all_black(shown(GLFW_KEY_PERIOD)));
  EXPECT_FALSE(all_black(shown(GLFW_KEY_B)));
}

}  // namespace
}  // namespace stereocl
