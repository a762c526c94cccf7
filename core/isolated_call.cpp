#include "core/isolated_call.hpp"

#include <fcntl.h>
#include <poll.h>
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

// The address space mapped now: /proc/self/statm's first field, in pages.
std::uint64_t address_space_now() {
  std::uint64_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

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

[[noreturn]] void be_the_child(int answer, const std::function<std::string()>& work, std::uint64_t max_memory) {
  take_off_handlers();
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
  }
  cap_memory(max_memory);
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

enum class Reading { done, timed_out, too_long, failed };

// The child's answer, to its end (the pipe closes when the child exits), by the deadline.
Reading read_answer(int fd, Clock::time_point deadline, std::size_t max_bytes, std::string& answer) {
  char block[1 << 16];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return Reading::timed_out;
    pollfd readable{fd, POLLIN, 0};
    const int ready = ::poll(&readable, 1, static_cast<int>(std::min<long long>(left, INT_MAX)));
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
  const pid_t child = ::fork();
  if (child < 0) {
    const int error = errno;
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    return failure(std::string("could not start: ") + std::strerror(error));
  }
  if (child == 0) {
    ::close(pipe_ends[0]);
    be_the_child(pipe_ends[1], work, budget.max_memory_bytes);
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
