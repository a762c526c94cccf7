#include "record/partial_file.hpp"

#include "record/frame_encoder.hpp"

#include <filesystem>
#include <system_error>

namespace stereocl {

PartialFile::PartialFile(std::string final_path) : final_(std::move(final_path)), temporary_(final_ + ".partial") {}

PartialFile::~PartialFile() {
  std::error_code ignored;
  if (!committed_) std::filesystem::remove(temporary_, ignored);
}

void PartialFile::commit() {
  std::error_code error;
  std::filesystem::rename(temporary_, final_, error);
  if (error) throw RecordError(final_ + ": cannot move the finished recording into place: " + error.message());
  committed_ = true;
}

}  // namespace stereocl
