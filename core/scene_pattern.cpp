#include "core/scene_pattern.hpp"

#include <algorithm>
#include <cmath>

namespace stereocl {
namespace {
int wrap(int value, int period) { return ((value % period) + period) % period; }
}  // namespace

int scene_window_start(int scene_width, int pattern_width, float subject) {
  const int centred = static_cast<int>(std::lround(subject * static_cast<float>(scene_width))) - pattern_width / 2;
  return std::clamp(centred, 0, std::max(0, scene_width - pattern_width));
}

int scene_column_for(int pattern_column, int scene_width, int pattern_width, int window_start) {
  return wrap(window_start + wrap(pattern_column - window_start, pattern_width), scene_width);
}

std::vector<ColumnRun> scene_pattern_runs(int scene_width, int pattern_width, int window_start) {
  std::vector<ColumnRun> runs;
  for (int j = 0; j < pattern_width; ++j) {
    const int column = scene_column_for(j, scene_width, pattern_width, window_start);
    if (!runs.empty() && runs.back().scene_column + runs.back().count == column)
      ++runs.back().count;
    else
      runs.push_back({j, column, 1});
  }
  return runs;
}

RgbaImage scene_pattern_reference(const RgbaImage& scene, int pattern_width, int window_start) {
  RgbaImage pattern(pattern_width, scene.height);
  for (int y = 0; y < scene.height; ++y)
    for (int j = 0; j < pattern_width; ++j)
      pattern.at(j, y) = scene.at(scene_column_for(j, scene.width, pattern_width, window_start), y);
  return pattern;
}

}  // namespace stereocl
