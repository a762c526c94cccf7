#pragma once
// "--cpu-threads 0" means every hardware thread; one place turns that into a count. More threads
// than the machine has only take turns on its cores, and each costs a stack: 1024 under a memory
// limit ended in libgomp's own "Thread creation failed" and exit 1, so a count is capped there.
#include <algorithm>
#include <thread>

namespace stereocl {

inline int hardware_thread_count() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

inline int resolve_thread_count(int requested) {
  const int hardware = hardware_thread_count();
  return requested > 0 ? std::min(requested, hardware) : hardware;
}

}  // namespace stereocl
