#include "app/file_drop.hpp"

#include <algorithm>
#include <filesystem>

namespace stereocl {
namespace {

// Grey files, and colour files whose pixels are all grey (many tools save depth maps as RGB).
bool looks_grey(const LoadedImage& image) {
  return image.is_grey ||
         std::all_of(image.rgba.pixels.begin(), image.rgba.pixels.end(),
                     [](const Rgba8& p) { return p.r == p.g && p.g == p.b; });
}

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

DropResult load_as(Demo& demo, const std::string& path, const LoadedImage& image, FileRole role) {
  const Status used = role == FileRole::depth_map ? demo.use_as_depth(image, path) : demo.use_as_pattern(image, path);
  if (!used) return {std::nullopt, used.error()};
  return {LoadedFile{path, role}, "Loaded " + file_name(path) + " as " + role_name(role)};
}

}  // namespace

const char* role_name(FileRole role) { return role == FileRole::depth_map ? "depth map" : "pattern"; }

DropResult handle_dropped_file(Demo& demo, const std::string& path) {
  return use_dropped_image(demo, path, load_image_file(path));
}

DropResult use_dropped_image(Demo& demo, const std::string& path, const std::variant<LoadedImage, InputFailure>& loaded) {
  if (const auto* failure = std::get_if<InputFailure>(&loaded)) return {std::nullopt, failure->message};
  const auto& image = std::get<LoadedImage>(loaded);
  return load_as(demo, path, image, looks_grey(image) ? FileRole::depth_map : FileRole::pattern);
}

DropResult swap_role(Demo& demo, const LoadedFile& file) {
  const auto loaded = load_image(file.path);
  if (const auto* reason = std::get_if<std::string>(&loaded)) return {std::nullopt, *reason};
  const FileRole other = file.role == FileRole::depth_map ? FileRole::pattern : FileRole::depth_map;
  DropResult result = load_as(demo, file.path, std::get<LoadedImage>(loaded), other);
  if (!result.loaded) return result;
  if (file.role == FileRole::depth_map) demo.settings().depth_source = DepthSource::scene;
  else demo.settings().pattern_kind = PatternKind::random_grey;
  return result;
}

}  // namespace stereocl
