#include "core/os/atomic_file.hpp"

#include "core/os/file_mode.hpp"
#include "core/os/own_descriptor.hpp"
#include "core/os/stop_signals.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace stereocl {
namespace {

Failure io_failure(const std::string& path, const std::string& what, int error) {
  return failure(path + ": " + what + ": " + std::strerror(error));
}

// Writes all of `bytes`, retrying short writes; 0 or the errno of the failure.
int write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t wrote = ::write(fd, bytes.data(), bytes.size());
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) return errno;
    bytes.remove_prefix(static_cast<std::size_t>(wrote));
  }
  return 0;
}

Status refuse_inputs(const std::string& path, const std::vector<std::string>& inputs) {
  struct stat target {};
  if (::stat(path.c_str(), &target) != 0) return {};
  for (const std::string& input : inputs) {
    struct stat source {};
    if (!input.empty() && ::stat(input.c_str(), &source) == 0 && source.st_dev == target.st_dev &&
        source.st_ino == target.st_ino)
      return failure(path + ": is the input file " + input + "; refusing to overwrite it");
  }
  if (S_ISDIR(target.st_mode)) return failure(path + ": is a directory; give a file name");
  return {};
}

Status write_in_place(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return io_failure(path, "cannot open it for writing", errno);
  int error = write_all(fd, bytes);
  // Devices and pipes cannot be synced (EINVAL, EROFS); what matters there is that writes succeeded.
  if (!error && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) error = errno;
  if (::close(fd) != 0 && !error) error = errno;
  if (error) return io_failure(path, "cannot write it", error);
  return {};
}

// The same permissions a plain open(O_CREAT, 0666) would give, or the old file's.
mode_t mode_for(const struct stat* existing) {
  return existing ? existing->st_mode & 07777 : new_file_mode();
}

Status write_replacing(const std::string& path, std::string_view bytes, const struct stat* existing) {
  const std::filesystem::path target(path);
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  std::string hidden = ".";  // appended, not "." + name: GCC 12 warns falsely (-Wrestrict) on that
  hidden += target.filename().string();
  hidden += ".";
  std::string temporary;  // a Ctrl+C mid-write leaves no temporary behind
  const int fd = stop_signals::create_removable((folder / hidden).string(), "", temporary);
  if (fd < 0) return io_failure(path, "cannot create a file in " + folder.string(), errno);
  int error = ::fchmod(fd, mode_for(existing)) != 0 ? errno : 0;
  if (!error) error = write_all(fd, bytes);
  if (!error && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && !error) error = errno;
  if (!error && ::rename(temporary.c_str(), path.c_str()) != 0) error = errno;
  stop_signals::forget(temporary);
  if (error) {
    ::unlink(temporary.c_str());
    return io_failure(path, "cannot write it", error);
  }
  // The rename itself is durable only once the directory is synced; best effort, as not every
  // file system allows it.
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return {};
}

}  // namespace

Status write_atomically(const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs) {
  if (path == "-") return write_standard_output(bytes);  // an output named "-" is standard output
  if (path.empty()) return failure("an output file name is empty");
  if (Status allowed = refuse_inputs(path, inputs); !allowed) return allowed;
  // Our own stdout or stderr by another name is the stream the shell set up (`>> log.bin` appends);
  // a rename would replace the file it points at.
  if (const int fd = own_descriptor_for(path); fd >= 0) return write_descriptor(fd, bytes);
  // A symbolic link is followed, so the file it names is replaced and the link stays.
  std::string resolved = path;
  if (char real[PATH_MAX]; ::realpath(path.c_str(), real)) resolved = real;
  struct stat existing {};
  const bool exists = ::stat(resolved.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return write_in_place(path, bytes);
  Status written = write_replacing(resolved, bytes, exists ? &existing : nullptr);
  // Name the path as the user gave it.
  if (!written && resolved != path) return failure(path + written.error().substr(resolved.size()));
  return written;
}

// No rename and no fsync: a stream is not a file to keep whole, only one whose every write is checked.
Status write_standard_output(std::string_view bytes) { return write_descriptor(STDOUT_FILENO, bytes); }

Status write_descriptor(int fd, std::string_view bytes) {
  if (const int error = write_all(fd, bytes)) return io_failure(descriptor_name(fd), "cannot write it", error);
  return {};
}

}  // namespace stereocl
