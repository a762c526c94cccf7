#pragma once
// "--cpu-threads 0" means every hardware thread; one place turns that into a count. More threads
// than the machine has only take turns on its cores, and each costs a stack: 1024 under a memory
// limit ended in libgomp's own "Thread creation failed" and exit 1, so a count is capped there.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <thread>

namespace stereocl {

inline int hardware_thread_count() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

inline int resolve_thread_count(int requested) {
  const int hardware = hardware_thread_count();
  return requested > 0 ? std::min(requested, hardware) : hardware;
}

// The cores the last minute's load average leaves idle, at least one. A still's OpenMP threads spin
// at each band's barriers before they sleep, and where other processes hold the cores a spinning
// thread keeps the band's last thread waiting: 8.4x slower under two busy processes on two cores
// (docs/performance.md §59). OpenMP's own dynamic adjustment reads the 15-minute average, which
// kept stills on one thread for many minutes after the machine was quiet again.
inline int idle_core_count() {
  const int hardware = hardware_thread_count();
  double load[1];
  if (getloadavg(load, 1) != 1) return hardware;
  const int busy = static_cast<int>(std::lround(load[0]));
  return std::clamp(hardware - busy, 1, hardware);
}

}  // namespace stereocl
