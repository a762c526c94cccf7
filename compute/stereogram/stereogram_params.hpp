#pragma once
// The two numbers that define the classic stereogram, shared by the CPU code, the kernels and the UI.
#include "core/result.hpp"

namespace stereocl {

struct StereogramParams {
  int pattern_width = 85;   // P: pixels per pattern repeat; the output is P wider than the depth
  float max_offset = 30.f;  // M: shift in pixels between the far plane (d=1) and the nearest point (d=0)
  friend bool operator==(const StereogramParams&, const StereogramParams&) = default;
};

inline constexpr int kMinPatternWidth = 4;
inline constexpr int kMaxPatternWidth = 1024;

// Fails with a one-line reason naming the value and the rule.
// The lookup reads offsets[floor(pos)+1] with pos up to (i-P)+M, which must be an earlier pixel
// of the same row: hence 0 <= M < P-1.
Status validate(const StereogramParams& params);

}  // namespace stereocl
