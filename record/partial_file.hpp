#pragma once
// A file written under a temporary name beside its final one and renamed into place when
// complete: a recording cut short (an error, a crash, Ctrl+C) never leaves a truncated GIF or
// MP4 that looks finished, and never clobbers an earlier good file half-way. The temporary name
// is unique and created exclusively (never a file the user had), with the umask's permissions.
// A final path that is a symbolic link is followed, as -o follows one (core/os/atomic_file.hpp): the
// file it names is replaced and the link stays; a link replaced by a file lost where it pointed.
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
  PartialFile(std::string final_path, std::string target_path, std::string temporary_path);

  std::string final_;   // as the user named it, for messages
  std::string target_;  // where it lands: the file a link names, or final_
  std::string temporary_;
  bool committed_ = false;
};

}  // namespace stereocl
