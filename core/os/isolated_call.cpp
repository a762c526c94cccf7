#include "core/os/isolated_call.hpp"

#include "core/os/stop_signals.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define STEREOCL_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STEREOCL_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef STEREOCL_ADDRESS_SANITIZER
#include <sanitizer/common_interface_defs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fstream>
#include <new>

namespace stereocl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kOutOfMemory = 3;  // the child's exit status when its memory cap stopped it
constexpr int kOrphaned = 4;     // ... when the program had gone before it could start

void write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;  // the parent has gone, or given up on us
    done += static_cast<std::size_t>(wrote);
  }
}

// The child's own crash ends it with its signal: no handler the parent installed (a sanitizer's
// report, a fuzzer's, which would save the parent's input as a find) runs in it. A stop request
// (Ctrl-C reaches the whole process group) ends it at once too; the parent notices.
void take_off_handlers() {
  for (const int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGINT, SIGTERM, SIGHUP})
    std::signal(signal, SIG_DFL);
#ifdef STEREOCL_ADDRESS_SANITIZER
  __sanitizer_set_death_callback(nullptr);
#endif
}

#ifndef STEREOCL_ADDRESS_SANITIZER
// The address space mapped now: /proc/self/statm's first field, in pages.
std::uint64_t address_space_now() {
  std::uint64_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}
#endif

void cap_memory(std::uint64_t max_bytes) {
#ifndef STEREOCL_ADDRESS_SANITIZER
  if (max_bytes == 0) return;
  const rlim_t most = address_space_now() + max_bytes;
  const rlimit cap{most, most};
  ::setrlimit(RLIMIT_AS, &cap);
#else
  (void)max_bytes;
#endif
}

// The child is boxed: it dies with the program (a killed parent left it at 100% CPU for minutes),
// in a process group of its own (a terminal's Ctrl+C is the program's to handle: it stops the
// child itself), with a CPU-time limit behind the parent's clock.
void box_the_child(pid_t parent, std::chrono::milliseconds time) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(kOrphaned);  // the parent died before the line above
  ::setpgid(0, 0);
  const auto seconds = static_cast<rlim_t>(std::chrono::duration_cast<std::chrono::seconds>(time).count() + 2);
  const rlimit cpu{seconds, seconds};
  ::setrlimit(RLIMIT_CPU, &cpu);
}

[[noreturn]] void be_the_child(pid_t parent, int answer, const std::function<std::string()>& work,
                               const IsolationBudget& budget) {
  take_off_handlers();
  box_the_child(parent, budget.time);
  // Descriptors 0-2 go to /dev/null below: an answer pipe among them (the program was started
  // with them closed) moves out of the way first.
  if (answer <= STDERR_FILENO) answer = ::fcntl(answer, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
  }
  cap_memory(budget.max_memory_bytes);
  int status = 0;
  try {
    write_all(answer, work());
  } catch (const std::bad_alloc&) {
    status = kOutOfMemory;
  } catch (...) {
    status = 2;
  }
  ::_exit(status);
}

enum class Reading { done, timed_out, too_long, failed, stopped };

// The child's answer, to its end (the pipe closes when the child exits), by the deadline.
Reading read_answer(int fd, Clock::time_point deadline, std::size_t max_bytes, std::string& answer) {
  char block[1 << 16];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Reading::timed_out;
    // A stop request (Ctrl+C, SIGTERM) is looked at every 100 ms: the window's first signal only
    // asks, and must not wait for a reader that may run its whole time.
    if (stop_signals::received()) return Reading::stopped;
    pollfd readable{fd, POLLIN, 0};
    const int ready = ::poll(&readable, 1, static_cast<int>(std::min<long long>(left, 100)));
    if (ready < 0 && errno != EINTR) return Reading::failed;
    if (ready <= 0) continue;
    const ssize_t got = ::read(fd, block, sizeof block);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got < 0) return Reading::failed;
    if (got == 0) return Reading::done;
    if (answer.size() + static_cast<std::size_t>(got) > max_bytes) return Reading::too_long;
    answer.append(block, static_cast<std::size_t>(got));
  }
}

int reap(pid_t child) {
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

std::string duration_text(std::chrono::milliseconds time) {
  const long long ms = time.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

Result<std::string> verdict(Reading reading, int status, const IsolationBudget& budget, std::string&& answer) {
  if (reading == Reading::timed_out) return failure("took longer than " + duration_text(budget.time));
  if (reading == Reading::too_long)
    return failure("answered more than " + std::to_string(budget.max_answer_bytes) + " bytes");
  if (reading == Reading::failed) return failure(std::string("could not read its answer: ") + std::strerror(errno));
  if (reading == Reading::stopped) return failure("was stopped by " + stop_signals::name(stop_signals::received()));
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)
    return failure("used more than " + duration_text(budget.time) + " of processor time");
  if (WIFSIGNALED(status)) {
    const char* name = ::sigdescr_np(WTERMSIG(status));
    return failure("crashed (signal " + std::to_string(WTERMSIG(status)) + ", " + (name ? name : "unknown") + ")");
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory && budget.max_memory_bytes)
    return failure("needed more than " + std::to_string(budget.max_memory_bytes >> 20) + " MiB of memory");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return failure("failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")");
  return std::move(answer);
}

}  // namespace

Result<std::string> run_isolated(const std::function<std::string()>& work, const IsolationBudget& budget) {
  int pipe_ends[2];
  if (::pipe2(pipe_ends, O_CLOEXEC) != 0) return failure(std::string("could not start: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) {
    const int error = errno;
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    return failure(std::string("could not start: ") + std::strerror(error));
  }
  if (child == 0) {
    ::close(pipe_ends[0]);
    be_the_child(parent, pipe_ends[1], work, budget);
  }
  ::close(pipe_ends[1]);
  std::string answer;
  const Reading reading = read_answer(pipe_ends[0], Clock::now() + budget.time, budget.max_answer_bytes, answer);
  const int read_error = errno;
  ::close(pipe_ends[0]);
  if (reading != Reading::done) ::kill(child, SIGKILL);
  const int status = reap(child);
  errno = read_error;
  return verdict(reading, status, budget, std::move(answer));
}

}  // namespace stereocl
