#pragma once
// A folder of DIR/frame-000001.png, frame-000002.png ...: lossless, any size per frame, and what
// other tools (ffmpeg -i frame-%06d.png, image viewers) read without help.
#include "record/frame_encoder.hpp"

#include <memory>
#include <string>

namespace stereocl {

class PngFramesEncoder final : public FrameEncoder {
 public:
  // Creates the folder (and its parents) if needed, or says why it cannot. With
  // `replace_earlier_frames`, the frame-NNNNNN.png files already there go first, so a shorter
  // take cannot end in an older one's frames; no other file in the folder is touched.
  static Result<std::unique_ptr<PngFramesEncoder>> open(const std::string& folder, bool replace_earlier_frames = false);
  Status add(const RgbaImage& frame) override;
  Status finish() override { return {}; }
  long long frames_written() const override { return frames_; }

  // "frame-000042.png" for frame 42 (frames count from 1).
  static std::string frame_name(long long number);

 private:
  explicit PngFramesEncoder(std::string folder) : folder_(std::move(folder)) {}

  std::string folder_;
  long long frames_ = 0;
};

}  // namespace stereocl
