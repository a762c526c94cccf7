#include "record/partial_file.hpp"

#include "record/frame_encoder.hpp"

#include "core/file_mode.hpp"
#include "core/stop_signals.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace stereocl {
namespace {

// A name of our own beside the final one ("talk.gif.Xa81Qz.partial"), created exclusively, so it
// can never be a file the user already had (a "talk.gif.partial" of theirs stays untouched).
std::string create_unique_temporary(const std::string& final_path) {
  std::string pattern = final_path + ".XXXXXX.partial";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemps(name.data(), static_cast<int>(std::strlen(".partial")));
  if (fd < 0) throw RecordError(final_path + ": cannot create a file beside it: " + std::strerror(errno));
  // mkstemps makes it 0600; a finished recording gets what any new file would (the umask's).
  const int chmod_error = ::fchmod(fd, new_file_mode()) != 0 ? errno : 0;
  ::close(fd);
  if (chmod_error) {
    ::unlink(name.data());
    throw RecordError(final_path + ": cannot set the new file's permissions: " + std::strerror(chmod_error));
  }
  return name.data();
}

}  // namespace

PartialFile::PartialFile(std::string final_path)
    : final_(std::move(final_path)), temporary_(create_unique_temporary(final_)) {
  stop_signals::remove_on_abort(temporary_);  // a second Ctrl+C leaves nothing behind
}

PartialFile::~PartialFile() {
  stop_signals::forget(temporary_);
  std::error_code ignored;
  if (!committed_) std::filesystem::remove(temporary_, ignored);
}

void PartialFile::commit() {
  std::error_code error;
  std::filesystem::rename(temporary_, final_, error);
  if (error) throw RecordError(final_ + ": cannot move the finished recording into place: " + error.message());
  committed_ = true;
  stop_signals::forget(temporary_);
}

}  // namespace stereocl
