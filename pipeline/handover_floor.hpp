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
  double floor_ms() const { return round_trip_ms - gl_only_ms; }
};

// The two kinds of frame alternate, so that clocks and other load fall on both alike; the first
// tenth of each is warm-up. gl_work(i) is a tiny GL write; hand_over(i) hands over after it, lets
// OpenCL write something that depends on i, and hands back; the second gl_work(i) is GL's next use.
// check(last i) then reads what OpenCL wrote through GL: a failure there means the hand-over did
// not order the two APIs, and is returned rather than a time.
Result<HandoverFloor> time_handover_floor(int frames, const std::function<void(int)>& gl_work,
                                          const std::function<void(int)>& hand_over,
                                          const std::function<Status(int)>& check);

}  // namespace stereocl
