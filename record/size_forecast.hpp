#pragma once
// What a recording's file will weigh when its planned frames are written, from its first frames:
// the first frame is whole and the later ones hold what changed (record/gif_encoder.hpp), so the
// file grows by about the same for each frame after the first.

namespace stereocl {

// Bytes after all `planned` frames, from the file's bytes after its first frame and after
// `frames` (> 1) frames.
inline long long forecast_recording_bytes(long long first_frame_bytes, long long bytes_now, long long frames,
                                          long long planned) {
  if (frames <= 1 || planned <= frames) return bytes_now;
  const double per_frame = static_cast<double>(bytes_now - first_frame_bytes) / static_cast<double>(frames - 1);
  return bytes_now + static_cast<long long>(per_frame * static_cast<double>(planned - frames));
}

// A GIF past this many bytes is hard to use: viewers and converters slow down or give up
// (ImageMagick could not open 138 MB), and a page that embeds it loads for long.
inline constexpr long long kLargeGifBytes = 25'000'000;

// The forecast is made once, after this many frames: enough for the growth to settle.
inline constexpr long long kForecastAfterFrames = 10;

}  // namespace stereocl
