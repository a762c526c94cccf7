#include "record/partial_file.hpp"

#include "core/os/file_mode.hpp"
#include "core/os/stop_signals.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

namespace stereocl {
namespace {

// A name of our own beside the final one ("talk.gif.Xa81Qz.partial"), created exclusively, so it
// can never be a file the user already had (a "talk.gif.partial" of theirs stays untouched).
Result<std::string> create_unique_temporary(const std::string& final_path) {
  std::string name;
  const int fd = stop_signals::create_removable(final_path + ".", ".partial", name);
  if (fd < 0) return failure(final_path + ": cannot create a file beside it: " + std::strerror(errno));
  // Created 0600; a finished recording gets what any new file would (the umask's).
  const int chmod_error = ::fchmod(fd, new_file_mode()) != 0 ? errno : 0;
  ::close(fd);
  if (chmod_error) {
    stop_signals::forget(name);
    ::unlink(name.c_str());
    return failure(final_path + ": cannot set the new file's permissions: " + std::strerror(chmod_error));
  }
  return name;  // registered for removal on a second Ctrl+C: the PartialFile forgets it when done
}

// The file a link at `path` names (its folder too, so the rename stays within one file system), or `path`.
std::string link_target(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_symlink(path, error)) return path;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
  return error ? path : resolved.string();
}

}  // namespace

Result<PartialFile> PartialFile::create(std::string final_path) {
  std::string target = link_target(final_path);
  Result<std::string> temporary = create_unique_temporary(target);
  if (!temporary) return failure(temporary.error());
  return PartialFile(std::move(final_path), std::move(target), std::move(*temporary));
}

PartialFile::PartialFile(std::string final_path, std::string target_path, std::string temporary_path)
    : final_(std::move(final_path)), target_(std::move(target_path)), temporary_(std::move(temporary_path)) {}

// The moved-from file has nothing left to remove.
PartialFile::PartialFile(PartialFile&& other) noexcept
    : final_(std::move(other.final_)),
      target_(std::move(other.target_)),
      temporary_(std::exchange(other.temporary_, {})),
      committed_(std::exchange(other.committed_, true)) {}

PartialFile::~PartialFile() {
  if (temporary_.empty()) return;
  stop_signals::forget(temporary_);
  std::error_code ignored;
  if (!committed_) std::filesystem::remove(temporary_, ignored);
}

Status PartialFile::commit() {
  std::error_code error;
  std::filesystem::rename(temporary_, target_, error);
  if (error) return failure(final_ + ": cannot move the finished recording into place: " + error.message());
  committed_ = true;
  stop_signals::forget(temporary_);
  return {};
}

}  // namespace stereocl
