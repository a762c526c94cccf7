#include "record/frame_encoder.hpp"

#include "record/gif_encoder.hpp"
#include "record/mp4_recording.hpp"
#include "record/png_frames_encoder.hpp"
#include "record/record_format.hpp"

namespace stereocl {
namespace {

template <class Encoder>
Result<std::unique_ptr<FrameEncoder>> as_frame_encoder(Result<std::unique_ptr<Encoder>> opened) {
  if (!opened) return failure(opened.error());
  return std::unique_ptr<FrameEncoder>(std::move(*opened));
}

}  // namespace

Result<std::unique_ptr<FrameEncoder>> open_frame_encoder(const std::string& path, bool overwrite, int mp4_quality) {
  const Result<RecordFormat> format = record_format_for(path);
  if (!format) return failure(format.error());
  switch (*format) {
    case RecordFormat::png_frames:
      return as_frame_encoder(PngFramesEncoder::open(path, overwrite));
    case RecordFormat::gif:
      return as_frame_encoder(GifEncoder::open(path));
    case RecordFormat::mp4:
      return open_mp4_recording(path, mp4_quality);
  }
  return failure("--record " + path + ": unknown format");
}

}  // namespace stereocl
