#include "compute/effects/histogram_cpu.hpp"

namespace stereocl {

Histogram256 histogram_reference(const std::uint8_t* data, std::size_t byte_count) {
  Histogram256 bins{};
  for (std::size_t i = 0; i < byte_count; ++i) ++bins[data[i]];
  return bins;
}

}  // namespace stereocl
