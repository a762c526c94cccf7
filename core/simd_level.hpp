#pragma once
// Which instruction set the host's hot loops run with. Debian's packages are built for baseline
// x86-64 (SSE2) and must run on any x86-64, yet the stereogram's and the compose's loops gain much
// from AVX2 (eight lanes, 32-bit products and rounding in one instruction, where SSE2 emulates
// them or calls libm), so those loops are built twice, the second under STEREOCL_TARGET_AVX2, and
// the best this CPU runs is chosen once. A caller may ask for less (tests hold both builds to the
// same bytes; benchmarks time both), never for more than the CPU has.
#include <algorithm>

namespace stereocl {

enum class SimdLevel { baseline, avx2 };  // ordered: a later level runs everything an earlier one does

#if defined(__x86_64__) || defined(__i386__)
#define STEREOCL_TARGET_AVX2 [[gnu::target("avx2")]]
inline SimdLevel host_simd_level() {
  static const SimdLevel level = [] {
    __builtin_cpu_init();  // a no-op after libgcc's constructor, but this may run before it
    return __builtin_cpu_supports("avx2") ? SimdLevel::avx2 : SimdLevel::baseline;
  }();
  return level;
}
#else
// Elsewhere the second build is the first one again, and never chosen.
#define STEREOCL_TARGET_AVX2
inline SimdLevel host_simd_level() { return SimdLevel::baseline; }
#endif

// What a caller asking for `wanted` gets on this CPU.
inline SimdLevel usable_simd_level(SimdLevel wanted) { return std::min(wanted, host_simd_level()); }

}  // namespace stereocl
