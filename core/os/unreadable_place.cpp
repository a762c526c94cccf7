#include "core/os/unreadable_place.hpp"

#include "core/printable_text.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace stereocl {

std::string unreadable_place(const std::filesystem::path& place) {
  struct stat info {};
  int error = 0;
  if (::stat(place.c_str(), &info) != 0)
    error = errno == ENOENT || errno == ENOTDIR ? 0 : errno;
  else if (::access(place.c_str(), S_ISDIR(info.st_mode) ? R_OK | X_OK : R_OK) != 0)
    error = errno;
  if (error == 0) return {};
  return printable(place.string(), 160) + " cannot be read: " + std::strerror(error);
}

}  // namespace stereocl
