#pragma once
// MP4 recording lives in a module of its own, stereocl-mp4.so, which the program loads on its
// first MP4 (record/mp4_recording.hpp): FFmpeg's libraries and theirs are some 130 of the
// program's 150 shared libraries, and every start (a still, --help, the window) paid to load
// them. The module resolves the program's own functions (a file's partial name, the stop
// signals) from the program, which exports them, so both share one state.
#include "core/os/program_module.hpp"
#include "record/frame_encoder.hpp"

#include <memory>
#include <string>

namespace stereocl {

using Mp4Open = void (*)(const std::string& path, int quality, Result<std::unique_ptr<FrameEncoder>>& opened);
using Mp4EncoderName = void (*)(std::string& name);

// The module's table (core/os/program_module.hpp).
struct Mp4Table {
  ModuleStamp stamp;
  Mp4Open open;
  Mp4EncoderName encoder_name;
};

inline constexpr const char* kMp4ModuleFile = "stereocl-mp4.so";

}  // namespace stereocl
