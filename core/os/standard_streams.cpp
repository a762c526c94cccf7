#include "core/os/standard_streams.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace stereocl {

StandardStreams hold_standard_descriptors() {
  StandardStreams found;
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == STDOUT_FILENO) found.stdout_closed = true;
    // open() returns the lowest free number, which is this one: the lower ones are open by now.
    const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
    if (held >= 0 && held != fd) ::close(held);
    found.held[fd] = held == fd;
  }
  return found;
}

std::string stdout_failure() {
  errno = 0;
  const int flushed = std::fflush(stdout);
  const int error = errno;
  if (flushed == 0 && !std::ferror(stdout)) return {};
  return flushed != 0 && error != 0 ? std::strerror(error) : "a write to it failed";
}

}  // namespace stereocl
