#include "record/record_format.hpp"

#include "core/os/own_descriptor.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string_view>

namespace stereocl {

Result<RecordFormat> record_format_for(const std::string& path) {
  if (path.empty()) return failure("--record needs a folder, NAME.gif or NAME.mp4");
  // Elsewhere "-" is stdout; a recording is many files or an indexed one, which a pipe cannot hold.
  if (path == "-") return failure("--record -: a recording goes to a folder, NAME.gif or NAME.mp4, not stdout");
  // By another name (/dev/stdout, /dev/fd/2) the stream is still no folder or file to rename into.
  if (const int fd = own_descriptor_for(path); fd >= 0)
    return failure("--record " + path + ": is this program's " + descriptor_name(fd) +
                   "; a recording goes to a folder, NAME.gif or NAME.mp4");
  const std::filesystem::path target(path);
  std::error_code ignored;
  if (std::filesystem::is_directory(target, ignored) || !target.has_extension()) return RecordFormat::png_frames;
  std::string extension = target.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".gif") return RecordFormat::gif;
  if (extension == ".mp4") return RecordFormat::mp4;
  return failure("--record " + path + ": the extension must be .gif or .mp4, or none for a folder of PNG frames");
}

std::string check_record_path(const std::string& path) {
  const Result<RecordFormat> format = record_format_for(path);
  return format ? std::string() : format.error();
}

bool is_frame_name(const std::string& name) {
  constexpr std::string_view prefix = "frame-", suffix = ".png";
  if (name.size() != prefix.size() + 6 + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix)) return false;
  return std::all_of(name.begin() + prefix.size(), name.end() - suffix.size(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

namespace {

// --overwrite replaces the frames an earlier recording left, which are files: a folder, link or
// pipe by a frame's name stopped the recording at that frame. It is refused before the first.
Status frames_can_be_replaced(const std::string& folder) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (!is_frame_name(entry.path().filename().string())) continue;
    if (entry.symlink_status(error).type() != std::filesystem::file_type::regular)
      return failure("--record " + folder + ": " + entry.path().filename().string() +
                     " there is not a frame an earlier recording wrote (not a plain file); --overwrite replaces "
                     "only those");
  }
  return {};
}

// A GIF or MP4 replaces an earlier recording's file only with --overwrite: it took as long to
// record as this one will, and cannot be made again the same.
Status check_record_file(const std::string& path, bool overwrite) {
  std::error_code error;
  const std::filesystem::file_status target = std::filesystem::status(path, error);  // through a link
  if (!std::filesystem::exists(target)) return {};
  if (!std::filesystem::is_regular_file(target))
    return failure("--record " + path + ": is there and not a file (a folder, pipe or device); name a file");
  if (overwrite) return {};
  return failure("--record " + path + ": the file exists (an earlier recording?); name a new file, or add "
                 "--overwrite to replace it");
}

}  // namespace

Status check_record_target(const std::string& path, bool overwrite) {
  if (path.empty()) return {};
  const Result<RecordFormat> format = record_format_for(path);
  if (!format) return {};
  if (*format != RecordFormat::png_frames) return check_record_file(path, overwrite);
  std::error_code error;
  if (overwrite) return std::filesystem::is_directory(path, error) ? frames_can_be_replaced(path) : Status{};
  // Frames written over an earlier recording's would splice the two (new 1-2, old 3-6).
  if (std::filesystem::is_directory(path, error) && !std::filesystem::is_empty(path, error))
    return failure("--record " + path +
                   ": the folder is not empty, and frames written there would mix with what it holds; "
                   "name a new or empty folder, or add --overwrite to replace its frames");
  return {};
}

}  // namespace stereocl
