#include "pipeline/frame/depth_rows.hpp"

#include "core/depth_map.hpp"

#include <algorithm>

namespace stereocl {

Status DepthRows::band(int first_row, int rows, DepthImage& band) {
  band.reshape(width_, rows);
  const int top_file_row = height_ - first_row - rows;  // files keep row 0 at the top, GL at the bottom
  for (int i = 0; i < rows; ++i) {
    float* out = band.row(rows - 1 - i);
    if (const Status read = file_row(top_file_row + i, out); !read) return read;
    if (invert_) std::transform(out, out + width_, out, [](float d) { return 1.0f - d; });
  }
  return {};
}

namespace {

class GreyRows final : public DepthRows {
 public:
  GreyRows(const Image<std::uint16_t>& map, bool invert) : DepthRows(map.width, map.height, invert), map_(map) {}

 private:
  Status file_row(int row, float* out) override {
    std::transform(map_.row(row), map_.row(row) + width(), out, depth_of_grey);
    return {};
  }
  const Image<std::uint16_t>& map_;
};

// Another size than the map's: fitted whole, as only the whole map can be.
class FittedRows final : public DepthRows {
 public:
  FittedRows(DepthImage fitted, bool invert)
      : DepthRows(fitted.width, fitted.height, invert), fitted_(std::move(fitted)) {}

 private:
  Status file_row(int row, float* out) override {
    std::copy_n(fitted_.row(row), width(), out);
    return {};
  }
  DepthImage fitted_;
};

class StreamedRows final : public DepthRows {
 public:
  StreamedRows(PngGreyRows rows, bool invert)
      : DepthRows(rows.width(), rows.height(), invert),
        rows_(std::move(rows)),
        grey_(static_cast<std::size_t>(rows_.width())) {}

 private:
  Status file_row(int /*row: the next, as the bands come top down*/, float* out) override {
    if (const auto read = rows_.next(grey_.data()); !read) return failure(read.error());
    std::transform(grey_.begin(), grey_.end(), out, depth_of_grey);
    return {};
  }
  PngGreyRows rows_;
  std::vector<std::uint16_t> grey_;
};

class DrawnRows final : public DepthRows {
 public:
  explicit DrawnRows(DepthImage depth) : DepthRows(depth.width, depth.height, false), depth_(std::move(depth)) {}

 private:
  Status file_row(int row, float* out) override {
    std::copy_n(depth_.row(height() - 1 - row), width(), out);
    return {};
  }
  DepthImage depth_;
};

}  // namespace

std::unique_ptr<DepthRows> grey_depth_rows(const Image<std::uint16_t>& map, int width, int height, DepthFit fit,
                                           bool invert) {
  if (map.width == width && map.height == height) return std::make_unique<GreyRows>(map, invert);
  return std::make_unique<FittedRows>(fit_depth(depth_from_grey(map), width, height, fit), invert);
}

std::unique_ptr<DepthRows> streamed_depth_rows(PngGreyRows rows, bool invert) {
  return std::make_unique<StreamedRows>(std::move(rows), invert);
}

std::unique_ptr<DepthRows> drawn_depth_rows(DepthImage depth) { return std::make_unique<DrawnRows>(std::move(depth)); }

}  // namespace stereocl
