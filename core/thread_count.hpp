#pragma once
// "--cpu-threads 0" means every hardware thread; one place turns that into a count.
#include <algorithm>
#include <thread>

namespace stereocl {

inline int resolve_thread_count(int requested) {
  const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return requested > 0 ? requested : hardware;
}

}  // namespace stereocl
