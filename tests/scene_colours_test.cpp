// --pattern scene end to end: the stereogram of the ball's scene keeps the ball's red where the
// ball is (Scene mode's lit picture of the same frame says where), in every mode that runs here
// and with both algorithms; and the still depth map's grey stands in for the colour it lacks.
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace stereocl {
namespace {

using testing::ProgramResult;
using testing::run_stereocl;
using testing::scratch_file;

bool ball_red(Rgba8 p) { return p.r > 150 && p.r > p.g + 70 && p.r > p.b + 80; }
bool reddish(Rgba8 p) { return p.r > p.g + 40 && p.r > p.b + 40; }

const std::vector<std::string> kScene = {"--hidden", "--size", "480x270", "--pattern-width", "90", "--frames", "5"};

RgbaImage screenshot(const std::string& name, std::vector<std::string> extra, std::string& err) {
  const std::string out = scratch_file(name + ".png");
  std::vector<std::string> arguments = kScene;
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  arguments.insert(arguments.end(), {"--screenshot", out});
  const ProgramResult result = run_stereocl(arguments);
  err = result.err;
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.exit_code == 0 ? testing::read_png(out) : RgbaImage{};
}

// Of the pixels where Scene mode shows the ball, the share the stereogram shows red too.
double red_share_over_the_ball(const RgbaImage& lit, const RgbaImage& picture) {
  const int strip = picture.width - lit.width;  // lookup's pattern strip, left of the scene
  long ball = 0, red = 0;
  for (int y = 0; y < lit.height; ++y)
    for (int x = 0; x < lit.width; ++x)
      if (ball_red(lit.at(x, y))) {
        ++ball;
        red += reddish(picture.at(x + strip, y));
      }
  EXPECT_GT(ball, 200) << "the ball is in the picture";
  return ball ? static_cast<double>(red) / static_cast<double>(ball) : 0.0;
}

// The share of the whole stereogram that is red: the ball's colour repeats, it does not flood.
double red_share(const RgbaImage& picture) {
  long red = 0;
  for (const Rgba8& p : picture.pixels) red += reddish(p);
  return static_cast<double>(red) / static_cast<double>(picture.pixels.size());
}

TEST(SceneColours, TheBallStaysRedWhereTheBallIsInEveryModeAndAlgorithm) {
  std::string err;
  const RgbaImage lit = screenshot("scene-lit", {"--mode", "scene"}, err);
  ASSERT_GT(lit.width, 0);
  for (const std::string mode : {"cpu", "cpu-readback", "gpu", "gpu-extmem"})
    for (const std::string algorithm : {"lookup", "symmetric"}) {
      const RgbaImage picture = screenshot("scene-colours-" + mode + "-" + algorithm,
                                           {"--mode", mode, "--algorithm", algorithm, "--pattern", "scene"}, err);
      if (err.find("unavailable") != std::string::npos) continue;  // the mode cannot run here
      ASSERT_GT(picture.width, 0);
      EXPECT_GT(red_share_over_the_ball(lit, picture), 0.6) << mode << " " << algorithm;
      EXPECT_LT(red_share(picture), 0.5) << mode << " " << algorithm << ": the floor keeps its own colours";
    }
}

TEST(SceneColours, AStillDepthMapLendsItsGrey) {
  const std::string depth = testing::write_ramp_png("scene-colours-ramp.png", 200, 60);
  const std::string out = scratch_file("scene-colours-still.png");
  const ProgramResult result = run_stereocl({"--hidden", "--mode", "cpu", "--algorithm", "lookup", "--depth", depth,
                                             "--pattern", "scene", "--frames", "2", "--screenshot", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbaImage picture = testing::read_png(out);
  long grey = 0;
  for (const Rgba8& p : picture.pixels) grey += p.r == p.g && p.g == p.b;
  EXPECT_EQ(grey, static_cast<long>(picture.pixels.size())) << "every pixel a grey of the depth";
}

}  // namespace
}  // namespace stereocl
