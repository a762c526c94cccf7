#include "files/model/model_folder_io.hpp"

#include "core/printable_text.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace stereocl {

ModelFolderIo::ModelFolderIo(const std::string& model, std::uint64_t max_file_bytes) : max_file_bytes_(max_file_bytes) {
  std::error_code error;
  folder_ = std::filesystem::weakly_canonical(std::filesystem::absolute(model, error), error).parent_path();
}

std::string ModelFolderIo::refusal(const char* file) const {
  std::error_code error;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(std::filesystem::absolute(file, error), error);
  if (error) return "cannot be resolved (" + error.message() + ")";
  // Inside the folder: its path starts with the folder's, part for part (links already resolved).
  const auto folder_end = std::mismatch(folder_.begin(), folder_.end(), resolved.begin(), resolved.end()).first;
  if (folder_end != folder_.end() || resolved == folder_)
    return "is outside the model's folder " + printable(folder_.string(), 160) + "; a model reads only files beside it";
  struct stat info {};
  if (::stat(resolved.c_str(), &info) != 0) return std::string("cannot be opened: ") + std::strerror(errno);
  if (!S_ISREG(info.st_mode)) return "is not a regular file";
  if (static_cast<std::uint64_t>(info.st_size) > max_file_bytes_)
    return "has " + std::to_string(info.st_size) + " bytes; a model's files may have at most " +
           std::to_string(max_file_bytes_);
  return {};
}

bool ModelFolderIo::Exists(const char* file) const { return refusal(file).empty(); }

Assimp::IOStream* ModelFolderIo::Open(const char* file, const char* mode) {
  if (std::strpbrk(mode, "wa+")) return nullptr;  // a reader has nothing to write
  if (const std::string why = refusal(file); !why.empty()) {
    if (refused_.empty()) refused_ = printable(file, 160) + ", which " + why;
    return nullptr;
  }
  return DefaultIOSystem::Open(file, mode);
}

}  // namespace stereocl
