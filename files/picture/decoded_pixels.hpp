#pragma once
// What every image decoder shares once it has samples: the size rule checked from a header, and
// interleaved 8- or 16-bit samples (grey, grey + alpha, RGB, RGBA) turned into the one picture
// a consumer asked for (PixelTarget), with the same luma and rounding whatever the format.
#include "files/picture/png_codec.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace stereocl {

// BT.601 luma in fixed point; the same weights as the OpenCL luma kernel.
inline std::uint16_t luma16(std::uint16_t r, std::uint16_t g, std::uint16_t b) {
  return static_cast<std::uint16_t>((19595u * r + 38470u * g + 7471u * b + 32768u) >> 16);
}

inline std::uint8_t to8(std::uint16_t v) { return static_cast<std::uint8_t>((v + 128u) / 257u); }

// Whether the budget allows the size; if not, "NAME: the FORMAT header says WxH pixels; images
// must be 1..N pixels per side", or the budget's width rule.
InputStatus size_allowed(std::uint64_t width, std::uint64_t height, const std::string& name, const DecodeBudget& budget,
                         std::string_view format);

// `channels` samples a pixel, rows top first. 8-bit samples widen x257, as a 16-bit file holds them.
template <class Sample>
LoadedImage from_samples(const Sample* samples, int width, int height, int channels, PixelTarget target) {
  const auto wide = [](Sample v) -> std::uint16_t {
    if constexpr (sizeof(Sample) == 1)
      return static_cast<std::uint16_t>(v * 257u);
    else
      return v;
  };
  LoadedImage loaded;
  loaded.is_grey = channels <= 2;
  loaded.looks_grey = true;
  if (target == PixelTarget::grey16)
    loaded.grey16 = Image<std::uint16_t>(width, height);
  else
    loaded.rgba = RgbaImage(width, height);
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  for (std::size_t i = 0; i < pixels; ++i) {
    const Sample* p = samples + i * static_cast<std::size_t>(channels);
    const std::uint16_t r = wide(p[0]), g = wide(channels >= 3 ? p[1] : p[0]), b = wide(channels >= 3 ? p[2] : p[0]);
    const std::uint16_t a = channels == 4 ? wide(p[3]) : channels == 2 ? wide(p[1]) : 65535;
    loaded.looks_grey = loaded.looks_grey && r == g && g == b;
    if (target == PixelTarget::grey16)
      loaded.grey16.pixels[i] = loaded.is_grey ? r : luma16(r, g, b);
    else
      loaded.rgba.pixels[i] = Rgba8{to8(r), to8(g), to8(b), to8(a)};
  }
  return loaded;
}

}  // namespace stereocl
