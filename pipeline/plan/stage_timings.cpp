#include "pipeline/plan/stage_timings.hpp"

#include <algorithm>
#include <numeric>
#include <cmath>

namespace stereocl {

std::string_view stage_name(Stage stage) {
  switch (stage) {
    case Stage::render: return "render";
    case Stage::transfer: return "transfer";
    case Stage::stereogram: return "stereogram";
    case Stage::effects: return "effects";
    case Stage::compose: return "compose";
    case Stage::histogram: return "histogram";
  }
  return "?";
}

double percentile_of(std::vector<double> samples, double fraction) {
  if (samples.empty()) return 0.0;
  const auto rank = static_cast<std::size_t>(std::lround(fraction * static_cast<double>(samples.size() - 1)));
  std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(rank), samples.end());
  return samples[rank];
}

double median_of(std::vector<double> samples) {
  if (samples.empty()) return 0.0;
  const std::size_t middle = samples.size() / 2;
  std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(middle), samples.end());
  const double upper = samples[middle];
  if (samples.size() % 2) return upper;
  const double lower = *std::max_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(middle));
  return 0.5 * (lower + upper);
}

void StageTimings::push(std::deque<double>& samples, double value) {
  samples.push_back(value);
  if (window_ && samples.size() > window_) samples.pop_front();
}

void StageTimings::add(Stage stage, double milliseconds) { this_frame_[index(stage)] += milliseconds; }

void StageTimings::end_frame(double frame_milliseconds) {
  for (std::size_t i = 0; i < kStageCount; ++i) {
    push(stages_[i], this_frame_[i]);
    this_frame_[i] = 0.0;
  }
  push(frames_, frame_milliseconds);
}

double StageTimings::stage_mean(Stage stage) const {
  const auto& samples = stages_[index(stage)];
  return samples.empty() ? 0.0 : std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(samples.size());
}

void StageTimings::clear() {
  for (auto& samples : stages_) samples.clear();
  this_frame_.fill(0.0);
  frames_.clear();
}

}  // namespace stereocl
