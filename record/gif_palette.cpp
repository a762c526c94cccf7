#include "record/gif_palette.hpp"

#include <algorithm>

namespace stereocl {
namespace {

std::uint8_t level_of(std::uint8_t value, int levels) {
  return static_cast<std::uint8_t>((value * (levels - 1) + 127) / 255);
}

std::uint8_t value_of(int level, int levels) { return static_cast<std::uint8_t>((level * 255 + (levels - 1) / 2) / (levels - 1)); }

std::uint8_t cube_index(const Rgba8& pixel) {
  return static_cast<std::uint8_t>((level_of(pixel.r, kCubeRed) * kCubeGreen + level_of(pixel.g, kCubeGreen)) * kCubeBlue +
                                   level_of(pixel.b, kCubeBlue));
}

}  // namespace

GifPalette palette_for(const RgbaImage& frame) {
  const bool grey = std::all_of(frame.pixels.begin(), frame.pixels.end(),
                                [](const Rgba8& pixel) { return pixel.r == pixel.g && pixel.g == pixel.b; });
  return grey ? GifPalette::grey : GifPalette::colour_cube;
}

std::array<PaletteColour, 256> palette_colours(GifPalette palette) {
  std::array<PaletteColour, 256> colours{};
  if (palette == GifPalette::grey) {
    for (int i = 0; i < 256; ++i) colours[i] = {std::uint8_t(i), std::uint8_t(i), std::uint8_t(i)};
    return colours;
  }
  for (int r = 0; r < kCubeRed; ++r)
    for (int g = 0; g < kCubeGreen; ++g)
      for (int b = 0; b < kCubeBlue; ++b)
        colours[(r * kCubeGreen + g) * kCubeBlue + b] = {value_of(r, kCubeRed), value_of(g, kCubeGreen), value_of(b, kCubeBlue)};
  return colours;
}

std::vector<std::uint8_t> palette_indices(const RgbaImage& frame, GifPalette palette) {
  std::vector<std::uint8_t> indices(frame.pixels.size());
  if (palette == GifPalette::grey)
    std::transform(frame.pixels.begin(), frame.pixels.end(), indices.begin(), [](const Rgba8& pixel) { return pixel.r; });
  else
    std::transform(frame.pixels.begin(), frame.pixels.end(), indices.begin(), cube_index);
  return indices;
}

}  // namespace stereocl
