#include "core/isolated_call.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>

namespace stereocl {
namespace {

using Clock = std::chrono::steady_clock;

void write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;  // the parent has gone, or given up on us
    done += static_cast<std::size_t>(wrote);
  }
}

[[noreturn]] void be_the_child(int answer, const std::function<std::string()>& work) {
  // A stop request (Ctrl-C reaches the whole process group) ends the child at once; the parent
  // notices and reports it.
  for (const int stop : {SIGINT, SIGTERM, SIGHUP}) std::signal(stop, SIG_DFL);
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
  }
  int status = 0;
  try {
    write_all(answer, work());
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
    be_the_child(pipe_ends[1], work);
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
