#include "compute/effects/histogram_cpu.hpp"

#include <algorithm>
#include <iterator>

namespace stereocl {

Histogram256 histogram_reference(const std::uint8_t* data, std::size_t byte_count, int threads) {
  std::uint32_t bins[256] = {};  // a plain array: OpenMP reduces array sections, not std::array
  const auto count = static_cast<std::ptrdiff_t>(byte_count);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static) reduction(+ : bins[:256])
  for (std::ptrdiff_t i = 0; i < count; ++i) ++bins[data[i]];
  Histogram256 result{};
  std::copy(std::begin(bins), std::end(bins), result.begin());
  return result;
}

}  // namespace stereocl
