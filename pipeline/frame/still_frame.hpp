#pragma once
// -o's picture as a frame: the depth's rows through CPU mode's band loop (pipeline/frame/
// host_frame.hpp) and into the encoded file, so the still is the window's CPU frame by
// construction. Streamed a band at a time into the PNG encoder where nothing needs the whole
// picture, so neither a huge map nor its picture is held whole; the whole picture only where the
// look's finish needs it (an effect, the guide dots) or the format is not PNG.
#include "core/result.hpp"
#include "files/picture/picture_file.hpp"
#include "files/picture/png_codec.hpp"
#include "pipeline/frame/depth_rows.hpp"
#include "pipeline/look_settings.hpp"

#include <functional>
#include <optional>
#include <string>

namespace stereocl {

// 16 rows of a 1080p picture are 0.4 MB of band buffers (depth, coordinates, RGBA); 64 held 1.2
// MB more at the still's peak, for the same wall time (docs/performance.md §57).
inline constexpr int kStillBandRows = 16;

struct StillFrame {
  LookSettings look;  // as the engine resolves it for the picture's width (P, M, the dot groups)
  RgbaImage pattern;  // in GL's row order (pipeline/frame/frame_pattern.hpp)
  int threads = 0;    // 0: every core
  PictureFormat format = PictureFormat::png;
  PngMetadata metadata;
  // --guide-dots: the picture (GL's rows) returned top row first with the dots, drawn by whoever
  // can open GL; nullopt where GL could not be had (the picture is kept without them). Empty
  // where they are off.
  std::function<std::optional<RgbaImage>(const RgbaImage&)> guide_dots;
};

// Which step failed: making the picture (its input), or encoding it.
struct StillFailure {
  std::string message;
  bool encoding = false;
};

// The file's bytes. A streamed map (streamed_depth_rows) is read once, top row first.
Result<std::string, StillFailure> encode_still(DepthRows& depth, const StillFrame& still);

}  // namespace stereocl
