#pragma once
// Tests that limit the address space (`ulimit -v`, RLIMIT_AS) cannot run under AddressSanitizer:
// it reserves terabytes of address space for its shadow memory at start, so any limit a test can
// set is already exceeded and the next mapping fails. The Release build runs them.
#include <gtest/gtest.h>

namespace stereocl::testing {
#if defined(__SANITIZE_ADDRESS__)  // GCC's name; clang's is a feature test
#define STEREOCL_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STEREOCL_TEST_UNDER_ASAN 1
#endif
#endif
#if defined(STEREOCL_TEST_UNDER_ASAN)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
}  // namespace stereocl::testing

#define SKIP_IF_ADDRESS_SPACE_CANNOT_BE_LIMITED()                                                       \
  if (::stereocl::testing::kUnderAddressSanitizer)                                                       \
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space for its shadow, so no ulimit -v " \
                  "can be set under it"
