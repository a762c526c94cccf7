#include "pipeline/sources/background_model_load.hpp"

#include <chrono>
#include <filesystem>
#include <thread>

namespace stereocl {

std::string BackgroundModelLoad::start(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (busy())
    return "Still loading " + std::filesystem::path(path_).filename().string() + "; drop " + name +
           " again when it is done";
  path_ = path;
  std::promise<Result<ModelMesh>> result;
  pending_ = result.get_future();
  std::thread([path, result = std::move(result)]() mutable { result.set_value(load_model(path)); }).detach();
  return "Loading " + name + " as a 3D model...";
}

std::optional<FinishedModel> BackgroundModelLoad::take_finished() {
  if (!busy() || pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  return FinishedModel{path_, pending_.get()};
}

}  // namespace stereocl
