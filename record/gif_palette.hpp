#pragma once
// The GIF's 256-entry palettes and the mapping into them. Grey stereograms (the default random
// dots, depth views, Sobel) fit 256 greys exactly, so they come back bit for bit. Colour ones use
// a fixed 6x7x6 cube (252 colours, green finest as the eye is most sensitive to it) rather than a
// median cut of the first frame: random dots spread over the whole cube anyway, the palette never
// goes stale when the picture changes, and mapping a pixel is arithmetic, not a search.
// No dithering: it would add noise that changes every frame to dots the eyes must match.
#include "core/image.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace stereocl {

enum class GifPalette { grey, colour_cube };

struct PaletteColour {
  std::uint8_t r = 0, g = 0, b = 0;
};

inline constexpr int kCubeRed = 6, kCubeGreen = 7, kCubeBlue = 6;

// grey when every pixel has r == g == b.
GifPalette palette_for(const RgbaImage& frame);
// 256 entries; the cube leaves its last 4 black.
std::array<PaletteColour, 256> palette_colours(GifPalette palette);
// One index per pixel, row-major, top row first.
std::vector<std::uint8_t> palette_indices(const RgbaImage& frame, GifPalette palette);

}  // namespace stereocl
