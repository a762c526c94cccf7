#pragma once
// What a GL -> OpenCL -> GL hand-over costs on this driver with no work on either side: --bench
// times frames that hand one small object over and back against frames that do the same GL work
// without it. A mode's GPU idle minus this floor is what our frame adds to the driver's own cost,
// the one number about a hand-over that compares across machines.
#include "core/result.hpp"

#include <functional>

namespace stereocl {

struct HandoverFloor {
  double round_trip_ms = 0;  // median frame: GL work, the hand-over both ways, GL work, glFinish
  double gl_only_ms = 0;     // median frame: the same GL work, glFinish
  int frames = 0;            // timed frames of each kind
  // The same frames queued: `frames` of each kind back to back, one glFinish at the end, per frame.
  double queued_round_trip_ms = 0;
  double queued_gl_only_ms = 0;
  double floor_ms() const { return round_trip_ms - gl_only_ms; }
  // What a hand-over costs a frame when nothing waits for it on the CPU (frames in flight).
  double queued_floor_ms() const { return queued_round_trip_ms - queued_gl_only_ms; }
};

// The two kinds of frame alternate, so that clocks and other load fall on both alike, after
// frames / 10 + 1 of each as warm-up. gl_work(v) is a tiny GL write of v; hand_over() hands over
// after gl_work(i), lets OpenCL copy what GL wrote, and hands back; then gl_work(-1 - i) is GL's
// next use. Then `frames` of each kind are queued without a wait between them (the queued
// figures). check(i) reads the copy through GL, in the last frame only (a read each frame would
// add a wait to what is timed): anything but i means OpenCL copied before GL's write or after its
// next one, or GL read before the copy, and is returned rather than a time.
Result<HandoverFloor> time_handover_floor(int frames, const std::function<void(int)>& gl_work,
                                          const std::function<void()>& hand_over,
                                          const std::function<Status(int)>& check);

}  // namespace stereocl
