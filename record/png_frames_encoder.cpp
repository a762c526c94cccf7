#include "record/png_frames_encoder.hpp"

#include "core/image_file.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace stereocl {

PngFramesEncoder::PngFramesEncoder(std::string folder) : folder_(std::move(folder)) {
  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  if (error) throw RecordError(folder_ + ": cannot create the folder for the frames: " + error.message());
  if (!std::filesystem::is_directory(folder_, error))
    throw RecordError(folder_ + ": exists and is not a folder, so the frames cannot go there");
}

std::string PngFramesEncoder::frame_name(long long number) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06lld.png", number);
  return name;
}

void PngFramesEncoder::add(const RgbaImage& frame) {
  const std::string path = (std::filesystem::path(folder_) / frame_name(frames_ + 1)).string();
  if (const std::string error = save_png(path, frame, metadata_); !error.empty()) throw RecordError(error);
  ++frames_;
}

}  // namespace stereocl
