#include "pipeline/interop/handover_floor.hpp"

#include "core/stopwatch.hpp"
#include "pipeline/plan/stage_timings.hpp"

#include <glad/gl.h>

#include <vector>

namespace stereocl {

namespace {

// Frames first .. first + frames - 1 back to back, waited for once at the end: the CPU never
// waits, so a hand-over costs only what the GPUs cannot overlap (what a renderer with frames in
// flight pays). Milliseconds a frame.
double queued_frame_ms(int first, int frames, const std::function<void(int)>& gl_work,
                       const std::function<void()>* hand_over) {
  Stopwatch clock;
  for (int i = first; i < first + frames; ++i) {
    gl_work(i);
    if (hand_over) (*hand_over)();
    gl_work(-1 - i);
  }
  glFinish();
  return clock.lap() / frames;
}

}  // namespace

Result<HandoverFloor> time_handover_floor(int frames, const std::function<void(int)>& gl_work,
                                          const std::function<void()>& hand_over,
                                          const std::function<Status(int)>& check) {
  if (frames < 1) return failure("the hand-over floor needs at least 1 frame, not " + std::to_string(frames));
  const int warm_up = frames / 10 + 1;
  std::vector<double> round_trips, gl_only;
  glFinish();
  for (int i = 0; i < warm_up + frames; ++i) {
    Stopwatch clock;
    gl_work(i);
    gl_work(-1 - i);
    glFinish();
    const double plain = clock.lap();
    gl_work(i);
    hand_over();
    gl_work(-1 - i);
    glFinish();
    const double handed = clock.lap();
    if (i < warm_up) continue;
    gl_only.push_back(plain);
    round_trips.push_back(handed);
  }
  HandoverFloor floor;
  floor.round_trip_ms = median_of(round_trips);
  floor.gl_only_ms = median_of(gl_only);
  floor.frames = frames;
  const int first = warm_up + frames;
  floor.queued_gl_only_ms = queued_frame_ms(first, frames, gl_work, nullptr);
  floor.queued_round_trip_ms = queued_frame_ms(first, frames, gl_work, &hand_over);
  if (Status checked = check(first + frames - 1); !checked) return failure(checked.error());
  return floor;
}

}  // namespace stereocl
