#pragma once
// A frame's depth as GL's rows (row 0 at the bottom; linear, 0 near), asked for a band at a time.
// The one conversion from a depth map's grey (top row first, white near), fitted to a size and
// inverted where asked, that the window's upload, CPU mode and -o share: written once, a still
// cannot drift from the window's picture by a row or a sign.
#include "core/depth_fit.hpp"
#include "core/image.hpp"
#include "core/result.hpp"
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace stereocl {

class DepthRows {
 public:
  virtual ~DepthRows() = default;
  int width() const { return width_; }
  int height() const { return height_; }
  // GL's rows first_row .. first_row + rows into `band` (reshaped to them). A map read as it
  // comes (streamed_depth_rows) must be asked from its top band down, each row once.
  Status band(int first_row, int rows, DepthImage& band);

 protected:
  DepthRows(int width, int height, bool invert) : width_(width), height_(height), invert_(invert) {}
  // The linear depth of the file's row `file_row` (top row first), width() values.
  virtual Status file_row(int file_row, float* out) = 0;

 private:
  int width_, height_;
  bool invert_;
};

// A decoded map, fitted to width x height where that is not its own size (before the inversion:
// the bars are the map's own black). `map` must outlive the rows.
std::unique_ptr<DepthRows> grey_depth_rows(const Image<std::uint16_t>& map, int width, int height, DepthFit fit,
                                           bool invert);
// A PNG map decoded a row at a time, so it is never whole on the host.
std::unique_ptr<DepthRows> streamed_depth_rows(PngGreyRows rows, bool invert);
// Depth GL drew, in its row order and inverted already.
std::unique_ptr<DepthRows> drawn_depth_rows(DepthImage depth);

}  // namespace stereocl
