#pragma once
// An animated GIF through giflib, looping forever. Each frame shows for 2 centiseconds: the
// nearest legal delay to 1/60 s, and the shortest that browsers and viewers honour (they turn
// 0 or 1 into 10 cs), so the file plays at 50 fps, 5/6 of real speed, with every frame kept.
// After the first, a frame holds only the rectangle that changed (the rest stays on screen):
// with stable dots only the ball's rows change. Its LZW starts each row afresh (record/gif_lzw.hpp).
#include "record/frame_encoder.hpp"
#include "record/gif_palette.hpp"
#include "record/partial_file.hpp"

#include <memory>
#include <string>
#include <vector>

struct GifFileType;

namespace stereocl {

inline constexpr int kGifFrameDelayCentiseconds = 2;

class GifEncoder final : public FrameEncoder {
 public:
  // The encoder, or why the file cannot be made.
  static Result<std::unique_ptr<GifEncoder>> open(const std::string& path);
  ~GifEncoder() override;
  Status add(const RgbaImage& frame) override;
  Status finish() override;
  long long frames_written() const override { return frames_; }
  std::optional<long long> bytes_written() const override;

 private:
  GifEncoder(PartialFile file, GifFileType* gif);
  Status start(const RgbaImage& first);
  Status check(int result, const char* doing) const;
  struct Area {
    int left = 0, top = 0, width = 0, height = 0;
  };
  Area changed_area(const std::vector<std::uint8_t>& indices, GifPalette palette) const;
  Status put_area(const std::vector<std::uint8_t>& indices, const Area& area, GifPalette palette);
  void close();

  PartialFile file_;
  GifFileType* gif_ = nullptr;
  int width_ = 0, height_ = 0;
  GifPalette global_palette_ = GifPalette::grey;
  long long frames_ = 0;
  std::vector<Rgba8> shown_;  // what the GIF shows after the last frame: each pixel's palette colour
};

}  // namespace stereocl
