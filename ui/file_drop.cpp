#include "ui/file_drop.hpp"

#include "pipeline/sources/image_roles.hpp"

#include <algorithm>
#include <filesystem>

namespace stereocl {
namespace {

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

DropResult load_as(Engine& engine, const std::string& path, const LoadedImage& image, FileRole role) {
  const Status used = role == FileRole::depth_map ? engine.use_as_depth(image, path) : engine.use_as_pattern(image, path);
  if (!used) return {std::nullopt, used.error()};
  return {LoadedFile{path, role}, "Loaded " + file_name(path) + " as " + role_name(role)};
}

}  // namespace

const char* role_name(FileRole role) { return role == FileRole::depth_map ? "depth map" : "pattern"; }

DropResult handle_dropped_file(Engine& engine, const std::string& path) {
  return use_dropped_image(engine, path, load_dropped_image(path));
}

DropResult use_dropped_image(Engine& engine, const std::string& path, const ImageLoad& loaded) {
  if (!loaded) return {std::nullopt, loaded.error()};
  const LoadedImage& image = *loaded;
  return load_as(engine, path, image, image.looks_grey ? FileRole::depth_map : FileRole::pattern);
}

DropResult swap_role(Engine& engine, const LoadedFile& file) {
  const FileRole other = file.role == FileRole::depth_map ? FileRole::pattern : FileRole::depth_map;
  const auto loaded = other == FileRole::depth_map ? load_depth_map(file.path) : load_pattern(file.path);
  if (!loaded) return {std::nullopt, loaded.error()};
  DropResult result = load_as(engine, file.path, *loaded, other);
  if (!result.loaded) return result;
  if (file.role == FileRole::depth_map) engine.settings().depth_source = DepthSource::scene;
  else engine.settings().look.pattern_kind = PatternKind::random_grey;
  return result;
}

}  // namespace stereocl
