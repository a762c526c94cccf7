#include "record/mp4_recording.hpp"

#include "record/mp4_module.hpp"

namespace stereocl {
namespace {

// Loaded once, by the first MP4 recording or the first question about its encoder, and not before.
const LoadedModule<Mp4Table>& mp4_module() {
  static const LoadedModule<Mp4Table> module = load_module_table<Mp4Table>(kMp4ModuleFile);
  return module;
}

}  // namespace

Result<std::unique_ptr<FrameEncoder>> open_mp4_recording(const std::string& path, int quality) {
  const LoadedModule<Mp4Table>& module = mp4_module();
  if (!module.table) return failure(path + ": cannot record MP4: " + module.why_not + "; record NAME.gif instead");
  Result<std::unique_ptr<FrameEncoder>> opened = failure(path + ": the MP4 module made no encoder");
  module.table->open(path, quality, opened);
  return opened;
}

std::string mp4_recording_encoder() {
  const LoadedModule<Mp4Table>& module = mp4_module();
  std::string name;
  if (module.table) module.table->encoder_name(name);
  return name;
}

}  // namespace stereocl
