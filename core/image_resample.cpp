#include "core/image_resample.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace stereocl {
namespace {

struct Tap {
  int index;
  float weight;
};

// Each output position of one axis as a weighted sum of input positions.
using AxisTaps = std::vector<std::vector<Tap>>;

int edge_index(int index, int size, ResampleEdges edges) {
  if (edges == ResampleEdges::wrap) return ((index % size) + size) % size;
  return std::clamp(index, 0, size - 1);
}

// Output pixel i covers input [i * scale, (i + 1) * scale): each input pixel weighs by how much
// of it lies inside.
AxisTaps area_taps(int from, int to) {
  AxisTaps taps(static_cast<std::size_t>(to));
  const double scale = static_cast<double>(from) / to;
  for (int i = 0; i < to; ++i) {
    const double start = i * scale, end = (i + 1) * scale;
    for (int j = static_cast<int>(std::floor(start)); j < std::min(from, static_cast<int>(std::ceil(end))); ++j) {
      const double covered = std::min(end, j + 1.0) - std::max(start, static_cast<double>(j));
      if (covered > 0) taps[static_cast<std::size_t>(i)].push_back({j, static_cast<float>(covered / scale)});
    }
  }
  return taps;
}

// Pixel centres line up: output i's centre sits at input (i + 0.5) * from / to - 0.5.
AxisTaps bilinear_taps(int from, int to, ResampleEdges edges) {
  AxisTaps taps(static_cast<std::size_t>(to));
  for (int i = 0; i < to; ++i) {
    const double centre = (i + 0.5) * from / to - 0.5;
    const int left = static_cast<int>(std::floor(centre));
    const auto right_weight = static_cast<float>(centre - left);
    taps[static_cast<std::size_t>(i)] = {{edge_index(left, from, edges), 1.0f - right_weight},
                                         {edge_index(left + 1, from, edges), right_weight}};
  }
  return taps;
}

AxisTaps axis_taps(int from, int to, ResampleEdges edges) {
  return to < from ? area_taps(from, to) : bilinear_taps(from, to, edges);
}

float channel(float value, int) { return value; }
float channel(const Rgba8& pixel, int c) {
  const std::uint8_t values[] = {pixel.r, pixel.g, pixel.b, pixel.a};
  return values[c];
}

// Along x straight from the pixels (no float copy of a large source): `channels` floats a pixel
// of in.height rows of to_width.
template <typename Pixel>
std::vector<float> along_x_from(const Image<Pixel>& in, int channels, const AxisTaps& along_x, int to_width) {
  std::vector<float> rows(static_cast<std::size_t>(to_width) * in.height * channels, 0.0f);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < to_width; ++x)
      for (const Tap& tap : along_x[static_cast<std::size_t>(x)])
        for (int c = 0; c < channels; ++c)
          rows[(static_cast<std::size_t>(y) * to_width + x) * channels + c] += tap.weight * channel(in.at(tap.index, y), c);
  return rows;
}

// Along y over rows of `row_floats` floats, a row at a time.
std::vector<float> along_y_rows(const std::vector<float>& rows, std::size_t row_floats, const AxisTaps& along_y) {
  std::vector<float> out(row_floats * along_y.size(), 0.0f);
  for (std::size_t y = 0; y < along_y.size(); ++y)
    for (const Tap& tap : along_y[y]) {
      const float* from = rows.data() + static_cast<std::size_t>(tap.index) * row_floats;
      float* to = out.data() + y * row_floats;
      for (std::size_t i = 0; i < row_floats; ++i) to[i] += tap.weight * from[i];
    }
  return out;
}

// Along y straight from the pixels, then along x: for a map whose rows grow more than it loses
// rows (a 1x16384 map stretched to 16384x1 made 16384x16384 floats, 1 GiB, the other way round).
template <typename Pixel>
std::vector<float> y_then_x(const Image<Pixel>& in, int channels, const AxisTaps& along_x, const AxisTaps& along_y) {
  const std::size_t in_floats = static_cast<std::size_t>(in.width) * channels;
  std::vector<float> columns(in_floats * along_y.size(), 0.0f);
  for (std::size_t y = 0; y < along_y.size(); ++y)
    for (const Tap& tap : along_y[y])
      for (int x = 0; x < in.width; ++x)
        for (int c = 0; c < channels; ++c)
          columns[y * in_floats + static_cast<std::size_t>(x) * channels + c] += tap.weight * channel(in.at(x, tap.index), c);
  const std::size_t out_floats = along_x.size() * channels;
  std::vector<float> out(out_floats * along_y.size(), 0.0f);
  for (std::size_t y = 0; y < along_y.size(); ++y)
    for (std::size_t x = 0; x < along_x.size(); ++x)
      for (const Tap& tap : along_x[x])
        for (int c = 0; c < channels; ++c)
          out[y * out_floats + x * channels + c] +=
              tap.weight * columns[y * in_floats + static_cast<std::size_t>(tap.index) * channels + c];
  return out;
}

// Separable: along one axis, then the other, the order that keeps the float intermediate smaller.
template <typename Pixel>
std::vector<float> resample_planes(const Image<Pixel>& in, int channels, int to_width, int to_height,
                                   ResampleEdges edges) {
  const AxisTaps along_x = axis_taps(in.width, to_width, edges);
  const AxisTaps along_y = axis_taps(in.height, to_height, edges);
  if (static_cast<std::uint64_t>(to_width) * static_cast<std::uint64_t>(in.height) >
      static_cast<std::uint64_t>(in.width) * static_cast<std::uint64_t>(to_height))
    return y_then_x(in, channels, along_x, along_y);
  return along_y_rows(along_x_from(in, channels, along_x, to_width), static_cast<std::size_t>(to_width) * channels,
                      along_y);
}

void check_size(int width, int height) {
  if (width < 1 || height < 1) throw std::invalid_argument("resample: the size must be at least 1x1");
}

}  // namespace

DepthImage resample(const DepthImage& image, int width, int height, ResampleEdges edges) {
  check_size(width, height);
  if (image.width == width && image.height == height) return image;
  DepthImage out(width, height);
  out.pixels = resample_planes(image, 1, width, height, edges);
  return out;
}

RgbaImage resample(const RgbaImage& image, int width, int height, ResampleEdges edges) {
  check_size(width, height);
  if (image.width == width && image.height == height) return image;
  const std::vector<float> planes = resample_planes(image, 4, width, height, edges);
  RgbaImage out(width, height);
  const auto byte = [](float v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); };
  for (std::size_t i = 0; i < out.pixels.size(); ++i)
    out.pixels[i] = {byte(planes[i * 4]), byte(planes[i * 4 + 1]), byte(planes[i * 4 + 2]), byte(planes[i * 4 + 3])};
  return out;
}

RgbaImage scale_pattern_to_width(const RgbaImage& pattern, int pattern_width) {
  const long long height = std::llround(static_cast<double>(pattern.height) * pattern_width / pattern.width);
  return resample(pattern, pattern_width,
                  static_cast<int>(std::clamp(height, 1LL, static_cast<long long>(kMaxScaledPatternHeight))),
                  ResampleEdges::wrap);
}

}  // namespace stereocl
