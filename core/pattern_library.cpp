#include "core/pattern_library.hpp"

#include "core/choices.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace stereocl {
namespace {

constexpr double kTau = 2 * std::numbers::pi;

struct Colour {
  double r, g, b;
};

Rgba8 to_rgba(const Colour& c) {
  const auto byte = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return Rgba8{byte(c.r), byte(c.g), byte(c.b), 255};
}

Colour mix(const Colour& a, const Colour& b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

// Hue 0..1 around the wheel, full saturation scaled by `saturation`, value `value`.
Colour from_hsv(double hue, double saturation, double value) {
  const auto channel = [&](double offset) {
    const double k = std::fmod(hue * 6 + offset, 6.0);
    return value * (1 - saturation * std::clamp(std::min(k, 4 - k), 0.0, 1.0));
  };
  return {channel(5), channel(3), channel(1)};
}

// A palette of `count` lively colours spread around the wheel from a random start.
std::vector<Colour> palette(std::mt19937& random, int count) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double start = unit(random);
  std::vector<Colour> colours;
  for (int i = 0; i < count; ++i)
    colours.push_back(from_hsv(std::fmod(start + (i + 0.3 * unit(random)) / count, 1.0), 0.55 + 0.4 * unit(random),
                               0.55 + 0.45 * unit(random)));
  return colours;
}

// Value noise on a lattice of cells_x x cells_y random values that wraps, so the noise tiles.
class TilingNoise {
 public:
  TilingNoise(int cells_x, int cells_y, std::mt19937& random) : cells_x_(cells_x), cells_y_(cells_y) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    values_.resize(static_cast<std::size_t>(cells_x) * cells_y);
    for (double& v : values_) v = unit(random);
  }
  // u, v in 0..1 across the tile
  double at(double u, double v) const {
    const double x = u * cells_x_, y = v * cells_y_;
    const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
    const double fx = smooth(x - x0), fy = smooth(y - y0);
    const double top = lerp(value(x0, y0), value(x0 + 1, y0), fx);
    const double bottom = lerp(value(x0, y0 + 1), value(x0 + 1, y0 + 1), fx);
    return lerp(top, bottom, fy);
  }

 private:
  static double smooth(double t) { return t * t * (3 - 2 * t); }
  static double lerp(double a, double b, double t) { return a + (b - a) * t; }
  double value(int x, int y) const {
    const int wx = ((x % cells_x_) + cells_x_) % cells_x_, wy = ((y % cells_y_) + cells_y_) % cells_y_;
    return values_[static_cast<std::size_t>(wy) * cells_x_ + wx];
  }
  int cells_x_, cells_y_;
  std::vector<double> values_;
};

// Octaves of tiling noise, each twice as fine and half as strong: 0..1, mostly near 0.5.
class Turbulence {
 public:
  Turbulence(int cells_x, int cells_y, int octaves, std::mt19937& random) {
    for (int o = 0; o < octaves; ++o) octaves_.emplace_back(cells_x << o, cells_y << o, random);
  }
  double at(double u, double v) const {
    double sum = 0, weight = 0, amplitude = 1;
    for (const TilingNoise& octave : octaves_) {
      sum += amplitude * octave.at(u, v);
      weight += amplitude;
      amplitude /= 2;
    }
    return sum / weight;
  }

 private:
  std::vector<TilingNoise> octaves_;
};

// Features about `size` pixels across that still fit a whole number of times in `extent`.
int cells(int extent, double size) { return std::max(2, static_cast<int>(std::lround(extent / size))); }

template <typename Shade>
RgbaImage drawn(int width, int height, Shade&& shade) {
  RgbaImage image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.at(x, y) = to_rgba(shade((x + 0.5) / width, (y + 0.5) / height));
  return image;
}

RgbaImage noise(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  const Turbulence hue(cells(width, 24), cells(height, 24), 3, random);
  const Turbulence value(cells(width, 6), cells(height, 6), 2, random);
  const double hue_start = std::uniform_real_distribution<double>(0.0, 1.0)(random);
  return drawn(width, height, [&](double u, double v) {
    return from_hsv(std::fmod(hue_start + 2.5 * hue.at(u, v), 1.0), 0.75, 0.35 + 0.65 * value.at(u, v));
  });
}

RgbaImage marble(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  const Turbulence turbulence(cells(width, 20), cells(height, 20), 4, random);
  const std::vector<Colour> stone = palette(random, 2);
  const Colour vein = mix(stone[0], Colour{0.1, 0.1, 0.12}, 0.7), light = mix(stone[1], Colour{0.95, 0.93, 0.88}, 0.75);
  const int bands = cells(width, 18);
  return drawn(width, height, [&](double u, double v) {
    const double t = 0.5 + 0.5 * std::sin(kTau * (bands * u + 3.0 * turbulence.at(u, v)));
    return mix(vein, light, std::pow(t, 0.4));
  });
}

// One point per cell of a columns x rows grid over the tile (u, v in 0..1), so the nearest two
// to any place are among the cells around it: 25 distances a pixel, not one per point, which
// kept P = 1024 hexagons a minute's work on the render thread.
class CellPoints {
 public:
  // place(column, row) -> the point in tile units
  template <typename Place>
  CellPoints(int columns, int rows, Place&& place) : columns_(columns), rows_(rows) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) points_.push_back(place(c, r));
  }
  std::size_t size() const { return points_.size(); }

  struct Nearest {
    std::size_t index;
    double first, second;  // distances in tile heights
  };
  Nearest nearest(double u, double v, double aspect) const {
    Nearest found{0, 1e9, 1e9};
    const int c0 = static_cast<int>(u * columns_), r0 = static_cast<int>(v * rows_);
    for (int r = r0 - 2; r <= r0 + 2; ++r)
      for (int c = c0 - 2; c <= c0 + 2; ++c) {
        const std::size_t i = static_cast<std::size_t>(wrap(r, rows_)) * static_cast<std::size_t>(columns_) +
                              static_cast<std::size_t>(wrap(c, columns_));
        double du = std::abs(u - points_[i][0]), dv = std::abs(v - points_[i][1]);
        const double d = std::hypot(std::min(du, 1 - du) * aspect, std::min(dv, 1 - dv));
        if (d < found.first)
          found = {i, d, found.first};
        else if (i != found.index)
          found.second = std::min(found.second, d);
      }
    return found;
  }

 private:
  static int wrap(int i, int n) { return ((i % n) + n) % n; }
  int columns_, rows_;
  std::vector<std::array<double, 2>> points_;
};

// Pebbles: cells around jittered points (Worley), each its own colour, darker towards the seams.
RgbaImage cells_pattern(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> jitter(0.15, 0.85);
  const int columns = cells(width, 17), rows = cells(height, 17);
  // Centred on the grid's lines, so the tile's edges cross cells where rows inside do, not their seams.
  const auto centred = [](double t) { return std::fmod(t + 1.0, 1.0); };
  const CellPoints points(columns, rows, [&](int c, int r) {
    return std::array<double, 2>{centred((c + jitter(random) - 0.5) / columns),
                                 centred((r + jitter(random) - 0.5) / rows)};
  });
  const std::vector<Colour> colours = palette(random, 7);
  std::vector<std::size_t> colour_of(points.size());
  for (std::size_t& c : colour_of) c = random() % colours.size();
  const double aspect = static_cast<double>(width) / height;
  return drawn(width, height, [&](double u, double v) {
    const CellPoints::Nearest n = points.nearest(u, v, aspect);
    const double edge = std::clamp((n.second - n.first) * height / 3.0, 0.0, 1.0);
    return mix(Colour{0.08, 0.07, 0.06}, colours[colour_of[n.index]], edge);
  });
}

// Hexagonal tiles: the nearest centre of an offset grid, rows alternately shifted by half a tile.
RgbaImage hexagons(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  const int columns = cells(width, 14), rows = 2 * cells(height, 24);
  const CellPoints centres(columns, rows, [&](int c, int r) {
    return std::array<double, 2>{(c + 0.5 * (r % 2)) / columns, static_cast<double>(r) / rows};
  });
  const std::vector<Colour> colours = palette(random, 5);
  std::vector<std::size_t> colour_of(centres.size());
  for (std::size_t& c : colour_of) c = random() % colours.size();
  const double aspect = static_cast<double>(width) / height;
  return drawn(width, height, [&](double u, double v) {
    const CellPoints::Nearest n = centres.nearest(u, v, aspect);
    const bool seam = (n.second - n.first) * height < 1.2;
    return seam ? Colour{0.1, 0.1, 0.1} : colours[colour_of[n.index]];
  });
}

// A random colour for each of `count` bands: neighbours differ, and nothing repeats within a
// tile, so the eyes cannot lock onto a repeat shorter than P.
std::vector<Colour> band_colours(std::mt19937& random, int count) {
  const std::vector<Colour> colours = palette(random, 6);
  std::vector<Colour> bands;
  std::size_t previous = colours.size();
  for (int i = 0; i < count; ++i) {
    std::size_t pick = random() % colours.size();
    if (pick == previous) pick = (pick + 1) % colours.size();
    bands.push_back(colours[pick]);
    previous = pick;
  }
  return bands;
}

// Bands of colour along x, of varied widths, that sway with y.
RgbaImage waves(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  const int bands = cells(width, 8);
  const std::vector<Colour> colours = band_colours(random, bands);
  const Turbulence warp(3, cells(height, 40), 2, random);
  return drawn(width, height, [&](double u, double v) {
    // A whole number of bands across the tile; the offset keeps the index above 0.
    const double phase = 4.0 * bands + bands * u + 1.5 * std::sin(kTau * 2 * v) + 3.0 * warp.at(u, v);
    const auto index = static_cast<std::size_t>(std::floor(phase)) % colours.size();
    const double edge = std::clamp((phase - std::floor(phase) - 0.85) * 6.7, 0.0, 1.0);
    return mix(colours[index], colours[(index + 1) % colours.size()], edge);
  });
}

// Diagonal stripes of varied colour and width. A stripe k meets stripe k + across at the side
// seam and k + down at the bottom one: with down a multiple of across both are stripe k again.
RgbaImage stripes(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  const int across = cells(width, 7), down = across * std::max(1, static_cast<int>(std::lround(1.0 * height / width)));
  const std::vector<Colour> colours = band_colours(random, across);
  const Turbulence warp(3, 3, 2, random);
  return drawn(width, height, [&](double u, double v) {
    const double t = across * (u + v * down / across + 0.6 * warp.at(u, v) / across * 3);
    const auto stripe = static_cast<std::size_t>(std::floor(t)) % colours.size();
    return mix(colours[stripe], Colour{1, 1, 1}, 0.25 * (t - std::floor(t)));
  });
}

// Coloured discs of many sizes on a dark ground, wrapping at the edges.
RgbaImage dots(int width, int height, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const std::vector<Colour> colours = palette(random, 6);
  RgbaImage image = drawn(width, height, [](double, double) { return Colour{0.12, 0.12, 0.14}; });
  const int count = std::clamp(width * height / 60, 8, 4000);
  for (int i = 0; i < count; ++i) {
    const double cx = unit(random) * width, cy = unit(random) * height, radius = 1.5 + unit(random) * 4.5;
    const Rgba8 colour = to_rgba(colours[static_cast<std::size_t>(i) % colours.size()]);
    for (int dy = static_cast<int>(-radius); dy <= static_cast<int>(radius); ++dy)
      for (int dx = static_cast<int>(-radius); dx <= static_cast<int>(radius); ++dx)
        if (dx * dx + dy * dy <= radius * radius)
          image.at(((static_cast<int>(cx) + dx) % width + width) % width,
                   ((static_cast<int>(cy) + dy) % height + height) % height) = colour;
  }
  return image;
}

constexpr PatternRow kPatterns[] = {
    {"noise", "soft colour clouds (value noise)", noise},
    {"marble", "veined stone", marble},
    {"pebbles", "cells of colour with dark seams (Worley noise)", cells_pattern},
    {"hexagons", "coloured hexagonal tiles", hexagons},
    {"waves", "colour bands that sway up and down", waves},
    {"stripes", "diagonal stripes of colour", stripes},
    {"dots", "coloured discs on a dark ground", dots},
    {"scene", "the scene's own colours, each dot group the colour of the point it stands for", nullptr},
};

}  // namespace

std::span<const PatternRow> pattern_library() { return kPatterns; }

const PatternRow* find_library_pattern(std::string_view name) {
  for (const PatternRow& row : kPatterns)
    if (row.name == name) return &row;
  return nullptr;
}

std::string library_pattern_names() {
  std::vector<std::string_view> names;
  for (const PatternRow& row : kPatterns) names.push_back(row.name);
  return one_of(names);
}

}  // namespace stereocl
