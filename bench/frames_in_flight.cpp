#include "bench/frames_in_flight.hpp"

#include <cstdint>
#include <utility>

namespace stereocl {

FramesInFlight::~FramesInFlight() {
  for (const Frame& frame : frames_) glDeleteSync(frame.fence);
}

bool FramesInFlight::finish_oldest(bool wait) {
  const Frame& oldest = frames_.front();
  // The flush bit sends the fence to the GPU, so that a wait cannot wait for a fence never sent.
  const GLenum state = glClientWaitSync(oldest.fence, GL_SYNC_FLUSH_COMMANDS_BIT, wait ? UINT64_MAX : 0);
  if (state == GL_TIMEOUT_EXPIRED) return false;
  latencies_.push_back(std::chrono::duration<double, std::milli>(Clock::now() - oldest.submitted).count());
  glDeleteSync(oldest.fence);
  frames_.pop_front();
  return true;
}

void FramesInFlight::submitted() {
  frames_.push_back({glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0), submit_});
  glFlush();
  while (!frames_.empty() && finish_oldest(false)) {
  }
  while (static_cast<int>(frames_.size()) >= most_) finish_oldest(true);
}

void FramesInFlight::drain() {
  while (!frames_.empty()) finish_oldest(true);
}

}  // namespace stereocl
