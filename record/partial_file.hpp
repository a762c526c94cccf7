#pragma once
// A file written under a temporary name beside its final one and renamed into place when
// complete: a recording cut short (an error, a crash, Ctrl+C) never leaves a truncated GIF or
// MP4 that looks finished, and never clobbers an earlier good file half-way. The temporary name
// is unique and created exclusively (never a file the user had), with the umask's permissions.
#include "core/result.hpp"

#include <string>

namespace stereocl {

class PartialFile {
 public:
  // Creates the temporary file, or says why it cannot.
  static Result<PartialFile> create(std::string final_path);
  ~PartialFile();  // removes the temporary file unless commit() succeeded
  PartialFile(PartialFile&& other) noexcept;
  PartialFile(const PartialFile&) = delete;
  PartialFile& operator=(const PartialFile&) = delete;
  PartialFile& operator=(PartialFile&&) = delete;

  const std::string& temporary_path() const { return temporary_; }
  const std::string& final_path() const { return final_; }
  Status commit();

 private:
  PartialFile(std::string final_path, std::string temporary_path);

  std::string final_;
  std::string temporary_;
  bool committed_ = false;
};

}  // namespace stereocl
