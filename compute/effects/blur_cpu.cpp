#include "compute/effects/blur_cpu.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace stereocl {

void require_valid_blur_radius(int radius) {
  if (radius < min_blur_radius || radius > max_blur_radius)
    throw std::invalid_argument("blur radius " + std::to_string(radius) + " is out of range: it must be " +
                                std::to_string(min_blur_radius) + ".." + std::to_string(max_blur_radius));
}

namespace {

// Window sums of 2r+1 samples along one line of `count` samples, read through `sample(i)`:
// the line is padded by r on each side according to the border, prefix-summed once, and each
// window is a difference of two prefix sums, so the cost does not depend on r.
template <class Sample>
void window_sums(int count, int radius, BlurBorder border, Sample sample, std::vector<std::uint32_t>& prefix,
                 std::uint32_t* sums, std::size_t sums_stride) {
  const int padded = count + 2 * radius;
  prefix.assign(static_cast<std::size_t>(padded) + 1, 0);
  for (int j = 0; j < padded; ++j) {
    const int i = j - radius;
    std::uint32_t value = 0;
    if (i >= 0 && i < count)
      value = sample(i);
    else if (border == BlurBorder::clamp)
      value = sample(std::clamp(i, 0, count - 1));
    prefix[j + 1] = prefix[j] + value;
  }
  for (int i = 0; i < count; ++i) sums[i * sums_stride] = prefix[i + 2 * radius + 1] - prefix[i];
}

// Blurs one channel of interleaved 8-bit pixels (`channels` bytes apart).
void blur_channel(const std::uint8_t* in, std::uint8_t* out, int width, int height, int channels, int radius,
                  BlurBorder border, int threads) {
  const std::size_t w = static_cast<std::size_t>(width);
  std::vector<std::uint32_t> row_sums(w * static_cast<std::size_t>(height));
  const std::uint32_t n = static_cast<std::uint32_t>((2 * radius + 1) * (2 * radius + 1));
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    std::vector<std::uint32_t> prefix;  // scratch per thread
#pragma omp for schedule(static)
    for (int y = 0; y < height; ++y) {
      const std::uint8_t* row = in + static_cast<std::ptrdiff_t>(y) * w * channels;
      const auto pixel = [&](int x) { return std::uint32_t{row[static_cast<std::ptrdiff_t>(x) * channels]}; };
      window_sums(width, radius, border, pixel, prefix, row_sums.data() + static_cast<std::ptrdiff_t>(y) * w, 1);
    }
    std::vector<std::uint32_t> column(static_cast<std::size_t>(height));
#pragma omp for schedule(static)
    for (int x = 0; x < width; ++x) {
      window_sums(height, radius, border, [&](int y) { return row_sums[y * w + x]; }, prefix, column.data(), 1);
      for (int y = 0; y < height; ++y)
        out[(y * w + x) * channels] = static_cast<std::uint8_t>((column[y] + n / 2) / n);
    }
  }
}

}  // namespace

GreyImage blur_reference(const GreyImage& image, int radius, BlurBorder border, int threads) {
  require_valid_blur_radius(radius);
  GreyImage out(image.width, image.height);
  if (!image.empty()) blur_channel(image.pixels.data(), out.pixels.data(), image.width, image.height, 1, radius, border, threads);
  return out;
}

RgbaImage blur_reference(const RgbaImage& image, int radius, BlurBorder border, int threads) {
  require_valid_blur_radius(radius);
  RgbaImage out(image.width, image.height);
  if (image.empty()) return out;
  // Rgba8 is four bytes with no padding (static_assert in image.hpp), so its channels are
  // interleaved bytes that may be read through an unsigned char pointer.
  const auto* in_bytes = reinterpret_cast<const std::uint8_t*>(image.pixels.data());
  auto* out_bytes = reinterpret_cast<std::uint8_t*>(out.pixels.data());
  for (int channel = 0; channel < 4; ++channel)
    blur_channel(in_bytes + channel, out_bytes + channel, image.width, image.height, 4, radius, border, threads);
  return out;
}

}  // namespace stereocl
