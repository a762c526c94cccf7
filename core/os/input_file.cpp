#include "core/os/input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <memory>
#include <optional>
#include <vector>
#include <cstring>
#include <fcntl.h>
#include <linux/magic.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace stereocl {
namespace {

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

InputFailure failure(InputFailureKind kind, const std::string& path, const std::string& why) {
  return InputFailure{kind, path + ": " + why};
}

std::string mebibytes(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

InputFailure too_large(const std::string& path, const ReadBudget& budget) {
  return failure(InputFailureKind::too_large, path,
                 "larger than the " + mebibytes(budget.max_bytes) + " an input file may have");
}

InputFailure open_failure(const std::string& path, int error) {
  const std::string why = std::strerror(error);
  if (error == ENOENT) return failure(InputFailureKind::missing, path, "cannot open it: " + why);
  if (error == EACCES || error == EPERM) return failure(InputFailureKind::permission_denied, path, "cannot open it: " + why);
  return failure(InputFailureKind::read_error, path, "cannot open it: " + why);
}

// Bytes of unknown total (a pipe, a /proc file that says it is empty, a file that grew) in 1 MiB
// blocks, joined once at the end and freed block by block: a string grown by doubling held up to
// twice the 1 GiB cap, zero-filled.
class Blocks {
 public:
  static constexpr std::size_t kBlock = std::size_t{1} << 20;

  // Room for the next read, at most kBlock bytes.
  std::pair<char*, std::size_t> room() {
    if (blocks_.empty() || used_ == kBlock) {
      blocks_.emplace_back(new char[kBlock]);
      used_ = 0;
    }
    return {blocks_.back().get() + used_, kBlock - used_};
  }
  void filled(std::size_t count) {
    used_ += count;
    total_ += count;
  }
  std::size_t size() const { return total_; }
  std::string_view start() const {
    return blocks_.empty() ? std::string_view() : std::string_view(blocks_.front().get(), std::min(total_, kBlock));
  }

  std::string joined(std::string&& head) && {
    std::string bytes = std::move(head);
    bytes.reserve(bytes.size() + total_);
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      bytes.append(blocks_[i].get(), i + 1 == blocks_.size() ? used_ : kBlock);
      blocks_[i].reset();
    }
    return bytes;
  }

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t used_ = 0, total_ = 0;
};

// Reads to the end into `blocks` after `already` bytes; fails past the budget.
InputStatus read_rest(int fd, const std::string& path, const ReadBudget& budget, std::size_t already, Blocks& blocks) {
  for (;;) {
    const auto [at, room] = blocks.room();
    const ssize_t got = ::read(fd, at, room);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return failure(InputFailureKind::read_error, path, std::string("cannot read it: ") + std::strerror(errno));
    if (got == 0) return {};
    blocks.filled(static_cast<std::size_t>(got));
    if (already + blocks.size() > budget.max_bytes) return too_large(path, budget);
  }
}

// The budget's judgement of the first bytes, where it has one and there are enough of them.
InputStatus start_allowed(std::string_view start, const std::string& path, const ReadBudget& budget) {
  if (!budget.check_start || start.size() < kStartBytes) return {};
  return budget.check_start(start.substr(0, kStartBytes), path);
}

Result<std::string, InputFailure> read_regular(int fd, const std::string& path, const struct stat& info,
                                               const ReadBudget& budget) {
  char start[kStartBytes];  // from where reading starts: stdin may be a file a shell has read into
  const off_t at = ::lseek(fd, 0, SEEK_CUR);
  const ssize_t peeked = ::pread(fd, start, sizeof start, at < 0 ? 0 : at);
  if (peeked > 0)
    if (const InputStatus allowed = start_allowed({start, static_cast<std::size_t>(peeked)}, path, budget); !allowed)
      return allowed.failure();
  if (static_cast<std::size_t>(info.st_size) > budget.max_bytes) return too_large(path, budget);
  std::string bytes(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t filled = 0;
  while (filled < bytes.size()) {
    const ssize_t got = ::read(fd, bytes.data() + filled, bytes.size() - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return failure(InputFailureKind::read_error, path, std::string("cannot read it: ") + std::strerror(errno));
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  bytes.resize(filled);
  // More than the stated size: a file that grew while we read it, or a /proc file (size 0).
  Blocks rest;
  if (const InputStatus read = read_rest(fd, path, budget, filled, rest); !read) return read.failure();
  return std::move(rest).joined(std::move(bytes));
}

// Waits until `fd` can be read or the budget's time is up (-1 ms left: no time budget).
int wait_readable(int fd, std::chrono::steady_clock::time_point deadline, const ReadBudget& budget) {
  int timeout = -1;
  if (budget.pipe_timeout) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return 0;
    timeout = static_cast<int>(left.count());
  }
  pollfd wanted{fd, POLLIN, 0};
  return ::poll(&wanted, 1, timeout);
}

Result<std::string, InputFailure> read_pipe(int fd, const std::string& path, const ReadBudget& budget) {
  const auto deadline = std::chrono::steady_clock::now() + budget.pipe_timeout.value_or(std::chrono::milliseconds(0));
  Blocks blocks;
  bool start_checked = false;
  for (;;) {
    const int ready = wait_readable(fd, deadline, budget);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0)
      return failure(InputFailureKind::timed_out, path,
                     "the pipe did not finish within " + std::to_string(budget.pipe_timeout->count()) + " ms (" +
                         std::to_string(blocks.size()) + " bytes so far)");
    const auto [at, room] = blocks.room();
    const ssize_t got = ::read(fd, at, room);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (got < 0) return failure(InputFailureKind::read_error, path, std::string("cannot read it: ") + std::strerror(errno));
    if (got == 0) return std::move(blocks).joined({});
    blocks.filled(static_cast<std::size_t>(got));
    if (!start_checked && blocks.size() >= kStartBytes) {
      start_checked = true;
      if (const InputStatus allowed = start_allowed(blocks.start(), path, budget); !allowed) return allowed.failure();
    }
    if (blocks.size() > budget.max_bytes) return too_large(path, budget);
  }
}

std::string kind_of(const struct stat& info) {
  if (S_ISDIR(info.st_mode)) return "a directory";
  if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) return "a device";
  if (S_ISSOCK(info.st_mode)) return "a socket";
  return "not a regular file";
}

// `any_fifo`: a FIFO someone else opened (standard input) is read as a pipe; one we would open
// ourselves only where it is anonymous.
Result<std::string, InputFailure> read_descriptor(int fd, const std::string& path, const ReadBudget& budget,
                                                  bool any_fifo) {
  struct stat info {};
  if (::fstat(fd, &info) != 0)
    return failure(InputFailureKind::read_error, path, std::string("cannot stat it: ") + std::strerror(errno));
  if (S_ISREG(info.st_mode)) return read_regular(fd, path, info, budget);
  if (S_ISFIFO(info.st_mode)) {
    struct statfs where {};
    if (any_fifo || (::fstatfs(fd, &where) == 0 && where.f_type == PIPEFS_MAGIC)) return read_pipe(fd, path, budget);
    return failure(InputFailureKind::not_regular_file, path,
                   "is a named pipe (FIFO), not a regular file; it could wait forever for a writer (give <(cat " +
                       path + ") to read one on purpose)");
  }
  const std::string kind = kind_of(info);
  return failure(InputFailureKind::not_regular_file, path,
                 kind == "not a regular file" ? kind : "is " + kind + ", not a regular file");
}

// A copy of descriptor 0, so reading it the way a file is read (and closing it after) leaves the
// process's own standard input as it was.
Result<std::string, InputFailure> read_standard_input(const ReadBudget& budget) {
  const std::string name = input_name(std::string(kStandardStream));
  if (::isatty(STDIN_FILENO))
    return failure(InputFailureKind::not_regular_file, name, "is a terminal; pipe or redirect an image into it");
  Descriptor input(::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0));
  if (input.get() < 0)
    return failure(InputFailureKind::read_error, name, std::string("cannot read it: ") + std::strerror(errno));
  return read_descriptor(input.get(), name, budget, true);
}

}  // namespace

std::string input_name(const std::string& path) { return path == kStandardStream ? "stdin" : path; }

Result<std::string, InputFailure> read_input_file(const std::string& path, const ReadBudget& budget) {
  if (path == kStandardStream) return read_standard_input(budget);
  // O_NONBLOCK: opening a named pipe must not wait for a writer.
  Descriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (file.get() < 0) return open_failure(path, errno);
  return read_descriptor(file.get(), path, budget, false);
}

}  // namespace stereocl
