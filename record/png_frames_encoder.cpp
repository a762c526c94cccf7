#include "record/png_frames_encoder.hpp"

#include "files/picture/image_file.hpp"
#include "record/record_format.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace stereocl {

namespace {

Status remove_frames(const std::string& folder) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (!entry.is_regular_file(error) || !is_frame_name(entry.path().filename().string())) continue;
    if (!std::filesystem::remove(entry.path(), error) && error)
      return failure(entry.path().string() + ": cannot replace an earlier frame: " + error.message());
  }
  if (error) return failure(folder + ": cannot list the earlier frames: " + error.message());
  return {};
}

}  // namespace

Result<std::unique_ptr<PngFramesEncoder>> PngFramesEncoder::open(const std::string& folder,
                                                                 bool replace_earlier_frames) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) return failure(folder + ": cannot create the folder for the frames: " + error.message());
  if (!std::filesystem::is_directory(folder, error))
    return failure(folder + ": exists and is not a folder, so the frames cannot go there");
  if (replace_earlier_frames)
    if (Status removed = remove_frames(folder); !removed) return failure(removed.error());
  return std::unique_ptr<PngFramesEncoder>(new PngFramesEncoder(folder));
}

std::string PngFramesEncoder::frame_name(long long number) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06lld.png", number);
  return name;
}

Status PngFramesEncoder::add(const RgbaImage& frame) {
  const std::string path = (std::filesystem::path(folder_) / frame_name(frames_ + 1)).string();
  if (Status saved = save_png(path, frame, metadata_); !saved) return saved;
  ++frames_;
  return {};
}

}  // namespace stereocl
