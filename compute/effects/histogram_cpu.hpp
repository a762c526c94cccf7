#pragma once
// 256-bin byte histogram on the CPU: the reference kernels/histogram.cl is compared against.
#include <array>
#include <cstddef>
#include <cstdint>

namespace stereocl {

using Histogram256 = std::array<std::uint32_t, 256>;

// threads > 1 counts slices in per-thread bins and adds them up: the same counts to the bit.
Histogram256 histogram_reference(const std::uint8_t* data, std::size_t byte_count, int threads = 1);

// `part`'s counts added into `total`: an image counted band by band adds up to the whole.
inline void add_counts(Histogram256& total, const Histogram256& part) {
  for (std::size_t i = 0; i < total.size(); ++i) total[i] += part[i];
}

}  // namespace stereocl
