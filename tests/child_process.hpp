#pragma once
// Runs a piece of a test in a forked child, for what must not touch the test process itself: a
// file size limit (RLIMIT_FSIZE), or dropping to user nobody -- tests run as root here, and root
// ignores file permissions, so "permission denied" can only be seen as someone else.
#include <csignal>
#include <functional>
#include <grp.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace stereocl::testing {

constexpr uid_t kNobody = 65534;

struct ChildLimits {
  bool as_nobody = false;
  long max_file_bytes = -1;  // RLIMIT_FSIZE; -1 leaves it
};

// What `body` returned, as seen from the parent; "child failed: ..." if it could not run.
inline std::string run_in_child(const std::function<std::string()>& body, ChildLimits limits = {}) {
  int channel[2];
  if (::pipe(channel) != 0) return "child failed: pipe";
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(channel[0]);
    std::string result;
    if (limits.max_file_bytes >= 0) {
      std::signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{static_cast<rlim_t>(limits.max_file_bytes), static_cast<rlim_t>(limits.max_file_bytes)};
      if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) result = "child failed: setrlimit";
    }
    if (limits.as_nobody && ::geteuid() == 0 &&
        (::setgroups(0, nullptr) != 0 || ::setresgid(kNobody, kNobody, kNobody) != 0 ||
         ::setresuid(kNobody, kNobody, kNobody) != 0))
      result = "child failed: cannot become nobody";
    if (result.empty()) result = body();
    [[maybe_unused]] const auto wrote = ::write(channel[1], result.data(), result.size());
    ::_exit(0);
  }
  ::close(channel[1]);
  std::string result;
  char buffer[4096];
  for (ssize_t got; (got = ::read(channel[0], buffer, sizeof buffer)) > 0;) result.append(buffer, static_cast<std::size_t>(got));
  ::close(channel[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? result : "child failed: it crashed";
}

}  // namespace stereocl::testing
