// Mp4Encoder for a build without FFmpeg (-DSTEREOCL_MP4=OFF): --record NAME.mp4 is refused
// with the reason, and the panel records GIF instead (h264_encoder_name() is empty).
#include "record/mp4_encoder.hpp"

namespace stereocl {

struct Mp4Encoder::Codec {};

std::string h264_encoder_name() { return ""; }

Result<std::unique_ptr<Mp4Encoder>> Mp4Encoder::open(const std::string& path, int) {
  return failure(path +
                 ": this stereocl was built without MP4 recording (-DSTEREOCL_MP4=OFF); record NAME.gif instead");
}

// Never made (open() always fails), but the class needs its virtual functions.
Mp4Encoder::~Mp4Encoder() = default;
Status Mp4Encoder::add(const RgbaImage&) { return {}; }
Status Mp4Encoder::finish() { return {}; }

}  // namespace stereocl
