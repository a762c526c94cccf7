#pragma once
// Decodes a stereogram as a viewer's eyes do: for each pixel, which separations make the pixels
// around it repeat. A pixel that two separations more than 2 px apart both explain is ambiguous:
// the eyes may fuse either, and one of them is a surface that is not in the depth (an echo).
#include "core/image.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace stereocl::testing {

// A separation explains pixel x when at least 8 of the 13 pixels around it (60%) equal the
// pixel that separation to their right.
inline constexpr int kEchoHalfWindow = 6;
inline constexpr int kEchoMatches = 8;

struct EchoCount {
  long ambiguous = 0;  // pixels two separations more than 2 px apart explain
  long decoded = 0;    // pixels at least one separation explains
  long pixels = 0;
  double ambiguous_share() const { return pixels ? static_cast<double>(ambiguous) / static_cast<double>(pixels) : 0; }
  double decoded_share() const { return pixels ? static_cast<double>(decoded) / static_cast<double>(pixels) : 0; }
};

// Separations shortest..longest; pixels whose window or partner would leave the picture are not
// counted. Equality is of the whole pixel (every channel).
inline EchoCount count_echoes(const RgbaImage& picture, int shortest, int longest) {
  EchoCount count;
  const int w = picture.width;
  std::vector<unsigned char> equal(static_cast<std::size_t>(w));
  std::vector<int> matches(static_cast<std::size_t>(w));
  for (int y = 0; y < picture.height; ++y) {
    // explained[x] lists, per pixel, the smallest and largest separation that explains it.
    std::vector<int> low(static_cast<std::size_t>(w), -1), high(static_cast<std::size_t>(w), -1);
    for (int s = shortest; s <= longest; ++s) {
      for (int x = 0; x + s < w; ++x) equal[x] = picture.at(x, y) == picture.at(x + s, y);
      // A running count of equal pairs over each window of 13.
      int inside = 0;
      for (int x = 0; x + s < w; ++x) {
        inside += equal[x];
        if (x >= 2 * kEchoHalfWindow + 1) inside -= equal[x - 2 * kEchoHalfWindow - 1];
        const int centre = x - kEchoHalfWindow;
        if (centre < kEchoHalfWindow || inside < kEchoMatches) continue;
        if (low[centre] < 0) low[centre] = s;
        high[centre] = s;
      }
    }
    for (int x = kEchoHalfWindow; x + kEchoHalfWindow + longest < w; ++x) {
      ++count.pixels;
      if (low[x] < 0) continue;
      ++count.decoded;
      if (high[x] - low[x] > 2) ++count.ambiguous;
    }
  }
  return count;
}

// Pixels equal to the pixel `period` rows below, as a share of all such pairs: a tile repeating
// down the picture (random dots: about 1 in 256 grey levels).
inline double equal_rows_share(const RgbaImage& picture, int period) {
  long same = 0, pairs = 0;
  for (int y = 0; y + period < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x, ++pairs) same += picture.at(x, y) == picture.at(x, y + period);
  return pairs ? static_cast<double>(same) / static_cast<double>(pairs) : 0;
}

// Horizontal neighbours that are equal, as a share of all neighbour pairs: doubled dots.
inline double equal_neighbours_share(const RgbaImage& picture) {
  long same = 0, pairs = 0;
  for (int y = 0; y < picture.height; ++y)
    for (int x = 1; x < picture.width; ++x, ++pairs) same += picture.at(x, y) == picture.at(x - 1, y);
  return pairs ? static_cast<double>(same) / static_cast<double>(pairs) : 0;
}

}  // namespace stereocl::testing
