#pragma once
// --bench --frames-in-flight N: frames submitted without glFinish, as a renderer submits them. Each
// frame ends with a GL fence; the CPU waits only when N frames are unfinished, for the oldest. With
// N = 1 every frame is waited for (a frame's latency, what glFinish measured); with 2 or 3 the GPUs
// may work on one frame while the CPU submits the next, and each API waits on the other's
// semaphore on the GPU. Each frame's latency is from its submit to its fence seen signalled,
// polled after every submit: exact to within one frame's submit time.
#include <glad/gl.h>

#include <chrono>
#include <deque>
#include <utility>
#include <vector>

namespace stereocl {

class FramesInFlight {
 public:
  explicit FramesInFlight(int frames) : most_(frames < 1 ? 1 : frames) {}
  ~FramesInFlight();
  FramesInFlight(const FramesInFlight&) = delete;
  FramesInFlight& operator=(const FramesInFlight&) = delete;

  // Call when a frame's first command is about to be given.
  void submitting() { submit_ = Clock::now(); }
  // Call after its last: fences it, takes the latencies of frames now done, and waits for the
  // oldest while N are unfinished.
  void submitted();
  // Waits for every frame still unfinished (at the end of a run).
  void drain();
  // Every frame's latency in milliseconds since the last take, in the order they finished.
  std::vector<double> take_latencies() { return std::exchange(latencies_, {}); }

 private:
  using Clock = std::chrono::steady_clock;
  struct Frame {
    GLsync fence = nullptr;
    Clock::time_point submitted;
  };
  // Whether the oldest frame is done; waits for it when `wait`.
  bool finish_oldest(bool wait);

  int most_;
  Clock::time_point submit_ = Clock::now();
  std::deque<Frame> frames_;
  std::vector<double> latencies_;
};

}  // namespace stereocl
