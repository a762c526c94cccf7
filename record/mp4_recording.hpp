#pragma once
// MP4 recording for the program, through the module (record/mp4_module.hpp), loaded once on
// first use from beside the program, from the installed module folder, or from the build folder.
// Where the module is missing or broken, MP4 is refused with the reason and GIF remains.
#include "record/frame_encoder.hpp"

#include <memory>
#include <string>

namespace stereocl {

// An MP4 encoder writing `path` at `quality` (record/mp4_encoder.hpp), or why not.
Result<std::unique_ptr<FrameEncoder>> open_mp4_recording(const std::string& path, int quality);

// The H.264 encoder an MP4 would use ("libx264"); empty where MP4 cannot be recorded.
std::string mp4_recording_encoder();

}  // namespace stereocl
