#pragma once
// --pattern scene (as pamstereogram's -texfile): the repeated pattern is cut from the lit scene
// itself, P columns of it around the subject (the ball, a model's centre), so each group of tied
// pixels takes the colour of the scene where the subject stands: the ball stays red, the floor
// checkered, and the shape hides in the repeats. Column j of the pattern is the window's column
// congruent to j modulo P, so a far background shows the window exactly where it lies (lookup's
// strip and symmetric's anchored roots both name pattern column x mod P at pixel x).
#include "core/image.hpp"

#include <vector>

namespace stereocl {

// The first scene column of the P-wide window centred on `subject` (a fraction of the width),
// kept inside the scene where it fits.
int scene_window_start(int scene_width, int pattern_width, float subject);

// The scene column pattern column j shows: the window's column congruent to j modulo P, wrapped
// into the scene where the scene is narrower than P.
int scene_column_for(int pattern_column, int scene_width, int pattern_width, int window_start);

// A run of pattern columns that copies a run of consecutive scene columns (what GL copies at once).
struct ColumnRun {
  int pattern_column = 0;
  int scene_column = 0;
  int count = 0;
  friend bool operator==(const ColumnRun&, const ColumnRun&) = default;
};
std::vector<ColumnRun> scene_pattern_runs(int scene_width, int pattern_width, int window_start);

// The reference: P x scene height, row y of the scene in row y (both in the same row order).
RgbaImage scene_pattern_reference(const RgbaImage& scene, int pattern_width, int window_start);

}  // namespace stereocl
