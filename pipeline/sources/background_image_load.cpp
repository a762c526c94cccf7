#include "pipeline/sources/background_image_load.hpp"

#include "pipeline/sources/image_roles.hpp"

#include <chrono>
#include <filesystem>

namespace stereocl {

std::string BackgroundImageLoad::start(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (busy()) return "Still loading " + std::filesystem::path(path_).filename().string() + "; drop " + name + " again when it is done";
  path_ = path;
  pending_ = std::async(std::launch::async, [path, budget = budget_] { return load_dropped_image(path, budget); });
  return "Loading " + name + "...";
}

std::optional<FinishedLoad> BackgroundImageLoad::take_finished() {
  if (!busy() || pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  return FinishedLoad{path_, pending_.get()};
}

}  // namespace stereocl
