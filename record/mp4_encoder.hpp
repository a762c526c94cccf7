#pragma once
// An H.264 MP4 through FFmpeg's libraries: what a presenter's laptop plays without a GPU.
// RGBA frames become YUV 4:2:0 through swscale, at a 1/60 s time base. 4:2:0 needs an even
// width and height, so an odd side is padded by repeating its last row or column (never
// cropped: no part of the stereogram is lost). The encoder is libx264 where FFmpeg has it, else
// the first other H.264 encoder that takes YUV 4:2:0 frames from memory.
#include "record/frame_encoder.hpp"
#include "record/partial_file.hpp"

#include <memory>
#include <string>

namespace stereocl {

// The encoder that would be used ("libx264"), or an empty string when this FFmpeg has none.
std::string h264_encoder_name();

class Mp4Encoder final : public FrameEncoder {
 public:
  // The encoder, or why not: no H.264 encoder, an unwritable path. `quality`: 0..kMaxMp4Quality
  // (frame_encoder.hpp).
  static Result<std::unique_ptr<Mp4Encoder>> open(const std::string& path, int quality = kDefaultMp4Quality);
  ~Mp4Encoder() override;
  Status add(const RgbaImage& frame) override;
  Status finish() override;
  long long frames_written() const override { return frames_; }

 private:
  struct Codec;  // the FFmpeg objects, kept out of this header
  Mp4Encoder(PartialFile file, std::unique_ptr<Codec> codec, int quality);
  Status start(int width, int height);
  Status encode(bool flush);
  Failure failed(const std::string& doing, int code) const;

  PartialFile file_;
  std::unique_ptr<Codec> codec_;
  int quality_;
  int width_ = 0, height_ = 0;
  long long frames_ = 0;
  bool finished_ = false;
};

}  // namespace stereocl
