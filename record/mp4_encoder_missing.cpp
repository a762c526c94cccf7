// Mp4Encoder for a build without FFmpeg (-DSTEREOCL_MP4=OFF): --record NAME.mp4 is refused
// with the reason, and the panel records GIF instead (h264_encoder_name() is empty).
#include "record/mp4_encoder.hpp"

namespace stereocl {

struct Mp4Encoder::Codec {};

std::string h264_encoder_name() { return ""; }

Mp4Encoder::Mp4Encoder(const std::string& path, int quality) : file_(path), quality_(quality) {
  throw RecordError(path + ": this stereocl was built without MP4 recording (-DSTEREOCL_MP4=OFF); record NAME.gif instead");
}

Mp4Encoder::~Mp4Encoder() = default;
void Mp4Encoder::start(int, int) {}
void Mp4Encoder::add(const RgbaImage&) {}
void Mp4Encoder::finish() {}
void Mp4Encoder::encode(bool) {}

}  // namespace stereocl
