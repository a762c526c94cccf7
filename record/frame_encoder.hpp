#pragma once
// One interface for every way of recording frames (PNG folder, GIF, MP4), so the caller only
// feeds pictures and never cares which file format the user asked for. Every failure is a
// Status naming the file and the reason, in one line.
#include "core/image.hpp"
#include "core/result.hpp"
#include "files/picture/png_codec.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace stereocl {

// An MP4's quality as x264's constant rate factor: 0 is lossless, 51 the smallest file. 18 keeps
// single-pixel dots sharp enough to fuse; a recording for the web may take more.
inline constexpr int kDefaultMp4Quality = 18;
inline constexpr int kMaxMp4Quality = 51;

class FrameEncoder {
 public:
  virtual ~FrameEncoder() = default;
  // `frame` is top row first. A file format of one picture size takes its size from the first
  // frame and pads or crops later ones to it (a changed pattern width changes the width).
  // A recording that fails cannot go on.
  virtual Status add(const RgbaImage& frame) = 0;
  // Completes the output; until then a single-file output exists only under a temporary name,
  // and an encoder destroyed without finish() leaves nothing behind.
  virtual Status finish() = 0;
  virtual long long frames_written() const = 0;
  // The output's bytes so far, where a file grows frame by frame (a GIF); empty otherwise.
  virtual std::optional<long long> bytes_written() const { return std::nullopt; }
  // What the next frames are (DPI, parameters): PNG frames carry it as chunks; GIF and MP4
  // frames have no place for it.
  void describe(PngMetadata metadata) { metadata_ = std::move(metadata); }

 protected:
  PngMetadata metadata_;
};

// Opens the output at once, so an unwritable path fails before the first frame. The format
// follows record_format_for().
// `overwrite` lets a folder of frames replace an earlier recording's (check_record_target).
// `mp4_quality`: an MP4's constant rate factor (record/mp4_encoder.hpp).
Result<std::unique_ptr<FrameEncoder>> open_frame_encoder(const std::string& path, bool overwrite = false,
                                                         int mp4_quality = kDefaultMp4Quality);

}  // namespace stereocl
