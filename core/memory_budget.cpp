#include "core/memory_budget.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace stereocl {
namespace {

std::string mebibytes(std::uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

// A "Name:   1234 kB" line of a /proc file, in bytes.
std::optional<std::uint64_t> kilobyte_field(const char* file, const std::string& name) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + ":", 0) != 0) continue;
    std::istringstream value(line.substr(name.size() + 1));
    std::uint64_t kilobytes = 0;
    if (value >> kilobytes) return kilobytes * 1024;
  }
  return std::nullopt;
}

}  // namespace

std::uint64_t memory_budget(std::uint64_t pixels) { return pixels * kBudgetBytesPerPixel + kBudgetBaseBytes; }

std::optional<std::uint64_t> memory_available() {
  std::optional<std::uint64_t> available = kilobyte_field("/proc/meminfo", "MemAvailable");
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t used = kilobyte_field("/proc/self/status", "VmSize").value_or(0);
    const std::uint64_t room = limit.rlim_cur > used ? limit.rlim_cur - used : 0;
    available = available ? std::min(*available, room) : room;
  }
  return available;
}

Status memory_allows(const std::string& what, std::uint64_t width, std::uint64_t height,
                     std::optional<std::uint64_t> available) {
  // Only the part of the budget a size adds is weighed: the base is already taken by the time
  // this runs, and is in what the system reports as used.
  const std::uint64_t needed = width * height * kBudgetBytesPerPixel;
  if (!available || needed <= *available) return {};
  return failure(what + ": " + std::to_string(width) + "x" + std::to_string(height) + " pixels need about " +
                 mebibytes(needed) + " (" + std::to_string(kBudgetBytesPerPixel) + " bytes a pixel), and " +
                 mebibytes(*available) + " is available; use a smaller size");
}

}  // namespace stereocl
