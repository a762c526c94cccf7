#include "record/frame_encoder.hpp"

#include "record/gif_encoder.hpp"
#include "record/mp4_encoder.hpp"
#include "record/png_frames_encoder.hpp"
#include "record/record_format.hpp"

namespace stereocl {

std::unique_ptr<FrameEncoder> open_frame_encoder(const std::string& path, bool overwrite, int mp4_quality) {
  const Result<RecordFormat> format = record_format_for(path);
  if (!format) throw RecordError(format.error());
  switch (*format) {
    case RecordFormat::png_frames: return std::make_unique<PngFramesEncoder>(path, overwrite);
    case RecordFormat::gif: return std::make_unique<GifEncoder>(path);
    case RecordFormat::mp4: return std::make_unique<Mp4Encoder>(path, mp4_quality);
  }
  throw RecordError("--record " + path + ": unknown format");
}

}  // namespace stereocl
