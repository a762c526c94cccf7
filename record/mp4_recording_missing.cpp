// MP4 recording for a build without FFmpeg (-DSTEREOCL_MP4=OFF): --record NAME.mp4 is refused
// with the reason, and the panel records GIF instead (mp4_recording_encoder() is empty).
#include "record/mp4_recording.hpp"

namespace stereocl {

Result<std::unique_ptr<FrameEncoder>> open_mp4_recording(const std::string& path, int) {
  return failure(path +
                 ": this stereocl was built without MP4 recording (-DSTEREOCL_MP4=OFF); record NAME.gif instead");
}

std::string mp4_recording_encoder() { return ""; }

}  // namespace stereocl
