#pragma once
// Per-stage and per-frame times, summarised as medians over a sliding window so one slow
// frame does not make the panel flicker or a benchmark lie.
#include <array>
#include <cstddef>
#include <deque>
#include <string_view>
#include <vector>

namespace stereocl {

// The histogram is last, so the --bench table's five columns keep their places (it never runs there).
enum class Stage { render, transfer, stereogram, effects, compose, histogram };
inline constexpr std::size_t kStageCount = 6;
inline constexpr std::array<Stage, kStageCount> kAllStages = {Stage::render,  Stage::transfer, Stage::stereogram,
                                                              Stage::effects, Stage::compose,  Stage::histogram};
std::string_view stage_name(Stage stage);  // "render", as in the --bench JSON

// Median and 95th percentile of a set of samples; 0 for an empty set.
double median_of(std::vector<double> samples);
double percentile_of(std::vector<double> samples, double fraction);

// The live panel's window: a few seconds of frames.
inline constexpr std::size_t kLiveTimingWindow = 240;

class StageTimings {
 public:
  explicit StageTimings(std::size_t window = kLiveTimingWindow) : window_(window) {}

  // Adds to this frame's time for the stage; a stage may run several times in a frame
  // (transfers do), and GL timer results arrive a few frames late -- both just add up.
  void add(Stage stage, double milliseconds);
  // Closes the frame: every stage's sum (0 where it did not run) and the frame time become samples.
  void end_frame(double frame_milliseconds);
  void clear();

  double stage_median(Stage stage) const { return median_of({stages_[index(stage)].begin(), stages_[index(stage)].end()}); }
  // The cost per frame of a stage that runs only on some frames, where a median would say 0.
  double stage_mean(Stage stage) const;
  double frame_median() const { return median_of({frames_.begin(), frames_.end()}); }
  double frame_percentile(double fraction) const { return percentile_of({frames_.begin(), frames_.end()}, fraction); }
  const std::deque<double>& frames() const { return frames_; }

 private:
  static std::size_t index(Stage stage) { return static_cast<std::size_t>(stage); }
  void push(std::deque<double>& samples, double value);

  std::size_t window_;  // 0 = keep everything (benchmarks)
  std::array<double, kStageCount> this_frame_{};
  std::array<std::deque<double>, kStageCount> stages_;
  std::deque<double> frames_;
};

}  // namespace stereocl
