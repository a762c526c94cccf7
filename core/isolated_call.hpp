#pragma once
// Runs a piece of work in a child process (fork) and takes back the bytes it answers, so that work
// done by a library not hardened against hostile input -- Assimp's model readers, which loop for
// ever on some cut-short files and crash on others -- can neither hang nor crash the program: a
// child that runs past its time is killed, one that crashes is reported by its signal. The child
// prints nothing (its stdout and stderr are /dev/null) and leaves through _exit: no destructor,
// atexit handler or buffered output of the program runs twice.
#include "core/result.hpp"

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace stereocl {

struct IsolationBudget {
  std::chrono::milliseconds time{20000};
  std::size_t max_answer_bytes = std::size_t{1} << 30;
};

// What `work` returned in the child, or why there is nothing: "took longer than 20 s" (killed),
// "crashed (signal 11, Segmentation fault)", "answered more than N bytes", "could not start (...)".
// The messages name no file: the caller prefixes what the work was about.
Result<std::string> run_isolated(const std::function<std::string()>& work, const IsolationBudget& budget = {});

}  // namespace stereocl
