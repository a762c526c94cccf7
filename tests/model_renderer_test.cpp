// Under Xvfb (Mesa): a model's turntable drawn into the ball scene's target -- nearer than the
// background where the model is, the background at the far value, inside the picture at every
// angle, turning as the angle does, and every pass (shaded, z-only, into a buffer, lit) agreeing.
#include "render/model_renderer.hpp"
#include "files/model/built_in_models.hpp"
#include "hidden_window.hpp"
#include "render/pixel_transfer.hpp"
#include "render/rows_through_buffers.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace stereocl {
namespace {

constexpr int kWidth = 320, kHeight = 180;  // the default scene's 16:9

class ModelRendering : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why_not;
    window_ = testing::open_hidden_window(why_not);
    if (!window_) GTEST_SKIP() << "no GL context: " << why_not;
    target_ = std::make_unique<SceneTarget>(kWidth, kHeight);
  }
  DepthImage depth(const ModelMesh& mesh, float angle, bool invert = false,
                   std::optional<DepthPass> pass = DepthPass::shaded) {
    if (!renderer_) renderer_ = std::make_unique<ModelRenderer>(mesh);
    renderer_->set_model(mesh);
    renderer_->render(angle, invert, *target_, pass);
    DepthImage out;
    EXPECT_TRUE(readback_.read(target_->framebuffer(), GL_COLOR_ATTACHMENT1, kWidth, kHeight, out).ok());
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    return out;
  }
  std::unique_ptr<Window> window_;
  std::unique_ptr<ModelRenderer> renderer_;
  std::unique_ptr<SceneTarget> target_;  // after the window: it needs the GL context
  DepthReadback readback_;
};

bool is_far(float depth) { return depth == 1.f; }

// Runs of the model (depth below the background's) along row y.
int near_runs_in_row(const DepthImage& depth, int y) {
  int runs = 0;
  for (int x = 0; x < depth.width; ++x)
    runs += !is_far(depth.at(x, y)) && (x == 0 || is_far(depth.at(x - 1, y))) ? 1 : 0;
  return runs;
}

// The rows the model covers, as a fraction of the height.
float covered_height(const DepthImage& depth) {
  int top = depth.height, bottom = -1;
  for (int y = 0; y < depth.height; ++y)
    for (int x = 0; x < depth.width; ++x)
      if (!is_far(depth.at(x, y))) {
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
  return bottom < top ? 0.f : static_cast<float>(bottom - top + 1) / static_cast<float>(depth.height);
}

TEST_F(ModelRendering, TheLogosCentreIsNearerThanTheBackgroundAtTheFarValue) {
  const DepthImage picture = depth(logo_model(), 0.f);
  const float centre = picture.at(kWidth / 2, kHeight / 2);
  // The tile's face is 4/84 of the radius behind the sphere's centre: depth (1 + 0.05) / 2.
  EXPECT_GT(centre, 0.45f);
  EXPECT_LT(centre, 0.6f);
  EXPECT_TRUE(is_far(picture.at(2, 2)));
  EXPECT_TRUE(is_far(picture.at(kWidth - 3, kHeight / 2)));
  // The circle stands proudest: its ring nearer than the tile inside it.
  float nearest = 1.f;
  for (float d : picture.pixels) nearest = std::min(nearest, d);
  EXPECT_LT(nearest, centre - 0.05f);
}

TEST_F(ModelRendering, TheTorusKnotShowsItsStrandsAcrossTheCentreRow) {
  // Seen along its axis, the trefoil crosses the centre row three times (at x = -2, twice, then
  // 1 and 3 on its curve), with the background between: its hole and its outside.
  const DepthImage picture = depth(torus_knot(), 0.f);
  EXPECT_EQ(near_runs_in_row(picture, kHeight / 2), 3);
  float nearest = 1.f;
  for (int x = 0; x < kWidth; ++x) nearest = std::min(nearest, picture.at(x, kHeight / 2));
  EXPECT_LT(nearest, 0.5f);  // the strands lie in the sphere's front half
  EXPECT_TRUE(is_far(picture.at(0, kHeight / 2)));
}

TEST_F(ModelRendering, TheModelFillsMostOfThePictureAndNeverLeavesIt) {
  for (const BuiltInModel& model : built_in_models()) {
    const ModelMesh mesh = model.make();
    EXPECT_GT(covered_height(depth(mesh, 0.f)), 0.55f) << model.name;
    for (const float angle : {0.f, 0.7f, 1.6f, 2.5f, 3.9f, 5.1f}) {
      const DepthImage picture = depth(mesh, angle);
      bool border_far = true;
      for (int x = 0; x < kWidth; ++x)
        border_far = border_far && is_far(picture.at(x, 0)) && is_far(picture.at(x, kHeight - 1));
      for (int y = 0; y < kHeight; ++y)
        border_far = border_far && is_far(picture.at(0, y)) && is_far(picture.at(kWidth - 1, y));
      EXPECT_TRUE(border_far) << model.name << " at " << angle;
      for (float d : picture.pixels) ASSERT_TRUE(d >= 0.f && d <= 1.f) << model.name;
    }
  }
}

std::size_t pixels_differing(const DepthImage& a, const DepthImage& b, float by) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) count += std::abs(a.pixels[i] - b.pixels[i]) > by ? 1 : 0;
  return count;
}

TEST_F(ModelRendering, TheDepthTurnsWithTheAngleAndComesBackAfterATurn) {
  for (const BuiltInModel& model : built_in_models()) {
    const ModelMesh mesh = model.make();
    const DepthImage start = depth(mesh, 0.3f);
    const std::size_t pixels = start.pixels.size();
    EXPECT_GT(pixels_differing(start, depth(mesh, 0.6f), 0.01f), pixels / 50) << model.name;
    // A whole turn later the same picture, but for edge pixels the rounding of the angle moves.
    EXPECT_LT(pixels_differing(start, depth(mesh, 0.3f + 2.f * glm::pi<float>()), 0.01f), pixels / 500) << model.name;
  }
}

TEST_F(ModelRendering, InvertedZOnlyAndShadedDepthAgree) {
  const ModelMesh mesh = torus_knot();
  const DepthImage shaded = depth(mesh, 0.9f);
  const DepthImage inverted = depth(mesh, 0.9f, true);
  for (std::size_t i = 0; i < shaded.pixels.size(); ++i) ASSERT_NEAR(shaded.pixels[i] + inverted.pixels[i], 1.f, 1e-5f);
  if (!ScenePasses::z_only_available()) GTEST_SKIP() << "this GL context has no compute shaders (needs 4.3)";
  const DepthImage z_only = depth(mesh, 0.9f, false, DepthPass::z_only);
  float worst = 0.f;
  for (std::size_t i = 0; i < shaded.pixels.size(); ++i)
    worst = std::max(worst, std::abs(shaded.pixels[i] - z_only.pixels[i]));
  EXPECT_LT(worst, 1e-5f);
}

TEST_F(ModelRendering, TheLitPassDrawsTheSameDepthAndColoursTheModel) {
  const ModelMesh mesh = logo_model();
  const DepthImage depth_alone = depth(mesh, 0.4f);
  const DepthImage lit_depth = depth(mesh, 0.4f, false, std::nullopt);
  EXPECT_EQ(pixels_differing(depth_alone, lit_depth, 0.f), 0u);
  const RgbaImage colour = read_rgba(target_->framebuffer(), GL_COLOR_ATTACHMENT0, kWidth, kHeight);
  const Rgba8 background = colour.at(1, 1), centre = colour.at(kWidth / 2, kHeight / 2);
  EXPECT_LT(background.r, 30);                                       // the scene's dark background
  EXPECT_GT(centre.r + centre.g, background.r + background.g + 60);  // the lit yellow model
  EXPECT_GT(centre.r, centre.b);
}

TEST_F(ModelRendering, DepthIntoABufferIsTheTexturesDepth) {
  if (!GLAD_GL_VERSION_4_5) GTEST_SKIP() << "buffers of depth need GL 4.5 (GPU (external memory) mode)";
  const ModelMesh mesh = torus_knot();
  const DepthImage expected = depth(mesh, 1.1f);
  GLuint name = 0;
  glCreateBuffers(1, &name);
  const gl::Buffer buffer(name);
  glNamedBufferStorage(name, static_cast<GLsizeiptr>(expected.pixels.size() * sizeof(float)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  renderer_->render(1.1f, false, *target_, DepthPass::shaded, name);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<float> actual(expected.pixels.size());
  glGetNamedBufferSubData(name, 0, static_cast<GLsizeiptr>(actual.size() * sizeof(float)), actual.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The atomics keep the nearest linear depth, the depth test the nearest window depth: they can
  // disagree only where two surfaces meet, by a rounding step.
  std::size_t differing = 0;
  for (std::size_t i = 0; i < actual.size(); ++i) differing += std::abs(actual[i] - expected.pixels[i]) > 1e-3f ? 1 : 0;
  EXPECT_LE(differing, actual.size() / 1000);
}

}  // namespace
}  // namespace stereocl
