#include "core/os/own_descriptor.hpp"

#include <sys/stat.h>
#include <unistd.h>

namespace stereocl {

int own_descriptor_for(const std::string& path) {
  struct stat named {};
  if (path.empty() || ::stat(path.c_str(), &named) != 0) return -1;
  for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat held {};
    if (::fstat(fd, &held) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino) return fd;
  }
  return -1;
}

const char* descriptor_name(int fd) { return fd == STDERR_FILENO ? "stderr" : "stdout"; }

}  // namespace stereocl
