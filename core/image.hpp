#pragma once
// A plain 2D pixel grid: the value type every CPU reference, loader and test works on.
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

namespace stereocl {

struct Rgba8 {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  friend bool operator==(const Rgba8&, const Rgba8&) = default;
};
static_assert(sizeof(Rgba8) == 4, "Rgba8 must match GL_RGBA8 / CL_RGBA CL_UNORM_INT8 layout");

template <class Pixel>
struct Image {
  int width = 0;
  int height = 0;
  std::vector<Pixel> pixels;  // row-major, no padding

  Image() = default;
  Image(int w, int h, Pixel fill = Pixel{})
      : width(w), height(h), pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill) {}

  Pixel& at(int x, int y) {
    assert(x >= 0 && x < width && y >= 0 && y < height);
    return pixels[static_cast<std::size_t>(y) * width + x];
  }
  const Pixel& at(int x, int y) const {
    assert(x >= 0 && x < width && y >= 0 && y < height);
    return pixels[static_cast<std::size_t>(y) * width + x];
  }
  Pixel* row(int y) { return pixels.data() + static_cast<std::size_t>(y) * width; }
  const Pixel* row(int y) const { return pixels.data() + static_cast<std::size_t>(y) * width; }
  bool empty() const { return width <= 0 || height <= 0; }
  // New dimensions, keeping the allocation where it is large enough: a loop over bands of an
  // image reuses one buffer, the last, shorter band included. Pixels are left as they were.
  void reshape(int w, int h) {
    width = w;
    height = h;
    pixels.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  }
  std::size_t size_bytes() const { return pixels.size() * sizeof(Pixel); }
};

// Rows of pixels an Image or someone else owns (a mapped pixel buffer), for code that only reads
// them: CPU mode's engines link the depth GL copied where it lies, with no copy of their own.
template <class Pixel>
struct ImageView {
  const Pixel* pixels = nullptr;  // row-major, no padding
  int width = 0;
  int height = 0;

  ImageView(const Pixel* p, int w, int h) : pixels(p), width(w), height(h) {}
  ImageView(const Image<Pixel>& image) : pixels(image.pixels.data()), width(image.width), height(image.height) {}  // implicit: an Image is its own view
  const Pixel* row(int y) const { return pixels + static_cast<std::size_t>(y) * width; }
};

using DepthImage = Image<float>;          // linear depth, 0 = near, 1 = far
using OffsetImage = Image<float>;         // stereogram texture coordinates, in pattern widths
using GreyImage = Image<std::uint8_t>;
using RgbaImage = Image<Rgba8>;
using DepthView = ImageView<float>;

// GL keeps row 0 at the bottom and files keep it at the top: this turns one order into the other.
template <class Pixel>
void flip_rows(Image<Pixel>& image) {
  for (int y = 0; y < image.height / 2; ++y)
    std::swap_ranges(image.row(y), image.row(y) + image.width, image.row(image.height - 1 - y));
}

}  // namespace stereocl
