#pragma once
// Runs a piece of work in a child process (fork) and takes back the bytes it answers, so that work
// done by a library not hardened against hostile input -- Assimp's model readers, which loop for
// ever on some cut-short files and crash on others -- can neither hang nor crash the program: a
// child that runs past its time is killed, one that crashes is reported by its signal, one that
// would map more memory than its budget fails to. The child prints nothing (its stdout and stderr
// are /dev/null) and leaves through _exit: no destructor, atexit handler or buffered output of
// the program runs twice. It dies of its own crash: the parent's crash handlers (a sanitizer's,
// a fuzzer's, which would report the parent's input) are taken off first.
#include "core/result.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace stereocl {

struct IsolationBudget {
  std::chrono::milliseconds time{20000};
  std::size_t max_answer_bytes = std::size_t{1} << 30;
  // Address space the child may map beyond what it was born with (RLIMIT_AS); 0: no cap. Not
  // applied under AddressSanitizer, whose shadow memory is already more than any cap.
  std::uint64_t max_memory_bytes = 0;
};

// What `work` returned in the child, or why there is nothing: "took longer than 20 s" (killed),
// "crashed (signal 11, Segmentation fault)", "answered more than N bytes", "could not start (...)".
// The messages name no file: the caller prefixes what the work was about.
Result<std::string> run_isolated(const std::function<std::string()>& work, const IsolationBudget& budget = {});

}  // namespace stereocl
