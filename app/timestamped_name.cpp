#include "app/timestamped_name.hpp"

#include <chrono>
#include <ctime>
#include <filesystem>

namespace stereocl {

std::string timestamped_name(const std::string& extension) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  const std::string stem = std::string("stereocl-") + stamp;
  std::string name = stem + "." + extension;
  for (int n = 2; std::filesystem::exists(name); ++n) name = stem + "-" + std::to_string(n) + "." + extension;
  return name;
}

}  // namespace stereocl
