// Animation that does not swim: in the animated scene, a row the ball does not cross has the
// same depth from frame to frame, so its stereogram row must not change either, for both
// algorithms. Also measures how much of the picture changes per frame against how much of the scene
// does (swim, docs/stereogram-quality.md): with random dots the symmetric picture may change little
// more than the ball's own pixels.
#include "files/picture/image_file.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

namespace stereocl {
namespace {

using testing::run_stereocl;
using testing::scratch_file;

constexpr int kFrames = 8;

// Every frame of a fixed-step run (--record steps 1/60 s a frame, so all runs see the same ball).
std::vector<RgbaImage> recorded_frames(const std::string& name, std::vector<std::string> mode_arguments) {
  const std::string folder = scratch_file("animation-" + name);
  std::vector<std::string> arguments = {"--hidden", "--size", "320x180", "--seed", "3", "--frames",
                                        std::to_string(kFrames), "--record", folder};
  arguments.insert(arguments.end(), mode_arguments.begin(), mode_arguments.end());
  const auto result = run_stereocl(arguments);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<RgbaImage> frames;
  for (int frame = 1; frame <= kFrames; ++frame) {
    char file[32];
    std::snprintf(file, sizeof file, "/frame-%06d.png", frame);
    frames.push_back(testing::read_png(folder + file));
  }
  return frames;
}

bool rows_equal(const RgbaImage& a, const RgbaImage& b, int y) {
  for (int x = 0; x < a.width; ++x)
    if (!(a.at(x, y) == b.at(x, y))) return false;
  return true;
}

// Rows where the lit scene changed between two frames: the rows the ball crosses in either, and
// one more above and below, because a pixel the ball's edge barely covers can be lit exactly as
// the wall behind it while its depth differs.
std::set<int> moving_rows(const RgbaImage& before, const RgbaImage& after) {
  std::set<int> rows;
  for (int y = 0; y < before.height; ++y)
    if (!rows_equal(before, after, y)) rows.insert({y - 1, y, y + 1});
  return rows;
}

struct Changes {
  long pixels = 0, in_moving_rows = 0, total = 0, moving_row_pixels = 0, scene_pixels = 0;
  double swim() const { return static_cast<double>(in_moving_rows) / static_cast<double>(std::max(scene_pixels, 1L)); }
};

Changes measure(const std::vector<RgbaImage>& scene, const std::vector<RgbaImage>& stereogram, const std::string& name) {
  Changes changes;
  for (std::size_t frame = 1; frame < stereogram.size(); ++frame) {
    const std::set<int> moving = moving_rows(scene[frame - 1], scene[frame]);
    EXPECT_FALSE(moving.empty()) << "the ball did not move in frame " << frame;
    const RgbaImage &before = stereogram[frame - 1], &after = stereogram[frame];
    for (int y = 0; y < after.height; ++y) {
      const bool ball_row = moving.count(y) > 0;
      if (!ball_row) EXPECT_TRUE(rows_equal(before, after, y)) << name << ": row " << y << " changed in frame " << frame;
      for (int x = 0; x < scene[frame].width; ++x) changes.scene_pixels += !(scene[frame - 1].at(x, y) == scene[frame].at(x, y));
      for (int x = 0; x < after.width; ++x) {
        const bool changed = !(before.at(x, y) == after.at(x, y));
        changes.pixels += changed;
        changes.in_moving_rows += changed && ball_row;
      }
      changes.moving_row_pixels += ball_row ? after.width : 0;
      changes.total += after.width;
    }
  }
  std::printf("%s: %.2f%% of pixels change per frame; %.1f%% of the pixels of the rows the ball crosses; swim %.2f\n",
              name.c_str(), 100.0 * static_cast<double>(changes.pixels) / static_cast<double>(changes.total),
              100.0 * static_cast<double>(changes.in_moving_rows) / static_cast<double>(changes.moving_row_pixels),
              changes.swim());
  return changes;
}

TEST(AnimationStability, RowsTheBallDoesNotCrossStayTheSame) {
  const auto scene = recorded_frames("scene", {"--mode", "scene"});
  for (const std::string algorithm : {"lookup", "symmetric"}) {
    const auto frames = recorded_frames(algorithm, {"--mode", "cpu", "--algorithm", algorithm});
    const Changes changes = measure(scene, frames, algorithm);
    EXPECT_EQ(changes.pixels, changes.in_moving_rows) << algorithm;
    EXPECT_GT(changes.pixels, 0) << algorithm << ": the ball's rows must change, or the test measures nothing";
    // Anchored dots: groups the ball leaves alone keep their dots (the lookup carries its phase
    // to the right edge, and swims about 6x).
    if (algorithm == "symmetric") EXPECT_LE(changes.swim(), 1.5);
  }
}

}  // namespace
}  // namespace stereocl
