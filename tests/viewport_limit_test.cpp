// Finding 8: a window resized past GL_MAX_VIEWPORT_DIMS (32767x32767) crashed llvmpipe; the loop
// now asks viewport_allows() first and draws nothing while it says no.
#include "ui/viewport_limit.hpp"
#include "ui/window.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace stereocl {
namespace {

TEST(ViewportLimit, AFramebufferOverTheLimitIsRefusedWithTheNumbers) {
  const ViewportLimit limit{16384, 16384};
  EXPECT_EQ(viewport_allows(32767, 32767, limit).error(),
            "the window is 32767x32767 pixels, over this GL driver's GL_MAX_VIEWPORT_DIMS 16384x16384; "
            "not drawing until it is smaller");
  EXPECT_FALSE(viewport_allows(16385, 10, limit));
  EXPECT_FALSE(viewport_allows(10, 16385, limit));
  EXPECT_TRUE(viewport_allows(16384, 16384, limit));
  EXPECT_TRUE(viewport_allows(1, 1, limit));
}

TEST(ViewportLimit, TheDriverLimitIsReadAndHoldsTheLargestTextureSide) {
  WindowSettings hidden;
  hidden.visible = false;
  std::unique_ptr<Window> window;
  try {
    window = std::make_unique<Window>(hidden);
  } catch (const std::exception& error) {
    GTEST_SKIP() << "no GL context: " << error.what();
  }
  const ViewportLimit limit = query_viewport_limit();
  EXPECT_GE(limit.width, 4096);  // the GL 3.3 minimum is the texture size, at least 1024; real drivers give more
  EXPECT_GE(limit.height, 4096);
  EXPECT_FALSE(viewport_allows(limit.width + 1, 1, limit));
}

}  // namespace
}  // namespace stereocl
