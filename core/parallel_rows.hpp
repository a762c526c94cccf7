#pragma once
// Splits [0, rows) into contiguous bands, one per thread; the calling thread takes the first band.
#include <algorithm>
#include <functional>
#include <thread>
#include <vector>

namespace stereocl {

inline int resolve_thread_count(int requested) {
  const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return requested > 0 ? requested : hardware;
}

inline void parallel_rows(int rows, int threads, const std::function<void(int, int)>& work) {
  const int count = std::clamp(resolve_thread_count(threads), 1, std::max(1, rows));
  if (count == 1) {
    work(0, rows);
    return;
  }
  std::vector<std::jthread> helpers;
  helpers.reserve(count - 1);
  const auto band_start = [&](int band) { return static_cast<int>(static_cast<long long>(rows) * band / count); };
  for (int band = 1; band < count; ++band)
    helpers.emplace_back(work, band_start(band), band_start(band + 1));
  work(0, band_start(1));
}

}  // namespace stereocl
