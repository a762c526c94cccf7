#include "record/mp4_recording.hpp"

#include "record/mp4_module.hpp"

#include "core/program_module.hpp"

namespace stereocl {
namespace {

struct Mp4Module {
  Mp4Open open = nullptr;
  Mp4EncoderName encoder_name = nullptr;
  std::string why_not;  // where open is null
};

Mp4Module load_module() {
  const ProgramModule loaded = load_program_module(kMp4ModuleFile, {kMp4OpenSymbol, kMp4EncoderNameSymbol});
  return {program_module_entry<Mp4Open>(loaded, kMp4OpenSymbol),
          program_module_entry<Mp4EncoderName>(loaded, kMp4EncoderNameSymbol), loaded.why_not};
}

const Mp4Module& mp4_module() {
  static const Mp4Module module = load_module();
  return module;
}

}  // namespace

Result<std::unique_ptr<FrameEncoder>> open_mp4_recording(const std::string& path, int quality) {
  const Mp4Module& module = mp4_module();
  if (!module.open) return failure(path + ": cannot record MP4: " + module.why_not + "; record NAME.gif instead");
  Result<std::unique_ptr<FrameEncoder>> opened = failure(path + ": the MP4 module made no encoder");
  module.open(path, quality, opened);
  return opened;
}

std::string mp4_recording_encoder() {
  const Mp4Module& module = mp4_module();
  std::string name;
  if (module.encoder_name) module.encoder_name(name);
  return name;
}

}  // namespace stereocl
