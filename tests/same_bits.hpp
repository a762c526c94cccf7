#pragma once
// Pictures of pattern coordinates compared to the bit, without OpenCL: the symmetric kernel
// tests (symmetric_runs.hpp) and GL compute mode's shader test hold theirs to the CPU reference.
#include "core/image.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace stereocl::testing {

// Bit-exact: the first differing pixel, if any, with both values.
inline ::testing::AssertionResult same_bits(const OffsetImage& expected, const OffsetImage& actual) {
  if (expected.width != actual.width || expected.height != actual.height)
    return ::testing::AssertionFailure() << "sizes differ: " << expected.width << "x" << expected.height << " and "
                                         << actual.width << "x" << actual.height;
  for (int y = 0; y < expected.height; ++y)
    for (int x = 0; x < expected.width; ++x)
      if (std::memcmp(&expected.at(x, y), &actual.at(x, y), sizeof(float)) != 0)
        return ::testing::AssertionFailure() << "first difference at (" << x << ", " << y << "): expected "
                                             << expected.at(x, y) << ", got " << actual.at(x, y);
  return ::testing::AssertionSuccess();
}

}  // namespace stereocl::testing
