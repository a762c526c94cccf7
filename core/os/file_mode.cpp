#include "core/os/file_mode.hpp"

#include <sys/stat.h>

#include <fstream>
#include <string>

namespace stereocl {

mode_t new_file_mode() {
  // Linux 4.7 and later say it in /proc/self/status ("Umask:\t0022").
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Umask:", 0) == 0) return 0666 & ~static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
  const mode_t mask = ::umask(0);  // older kernels: the brief race is the only way to ask
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace stereocl
