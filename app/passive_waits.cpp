#include "app/passive_waits.hpp"

#include <cstdlib>
#include <unistd.h>

namespace stereocl {
namespace {

constexpr const char* kPolicy = "OMP_WAIT_POLICY";
// Says the policy above came from the front, not from the user, so the window's program gets its own default.
constexpr const char* kSetByFront = "STEREOCL_FRONT_SET_OMP_WAIT_POLICY";

}  // namespace

void exec_with_passive_waits(char** argv) {
  if (std::getenv(kPolicy)) return;
  if (::setenv(kPolicy, "passive", 1) != 0 || ::setenv(kSetByFront, "1", 1) != 0) return;
  ::execv("/proc/self/exe", argv);
  forget_front_wait_policy();  // exec failed: this process's libgomp keeps its default, say so truthfully
}

void forget_front_wait_policy() {
  if (!std::getenv(kSetByFront)) return;
  ::unsetenv(kPolicy);
  ::unsetenv(kSetByFront);
}

}  // namespace stereocl
