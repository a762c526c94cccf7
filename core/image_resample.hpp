#pragma once
// Images scaled to another size with the filter each direction needs: an area (box) average
// where an axis shrinks, so every source pixel counts and fine detail does not alias into
// stripes a stereogram would read as depth; bilinear where it grows, so edges stay smooth
// instead of blocky. The two axes are filtered separately: a map can shrink in one and grow in
// the other. Tiling patterns wrap at their edges, so the scaled tile still tiles.
#include "core/image.hpp"

namespace stereocl {

enum class ResampleEdges {
  clamp,  // beyond an edge is the edge pixel: pictures and depth maps
  wrap,   // beyond an edge is the other edge: tiling patterns
};

// `width` x `height`, each at least 1; the same size returns a copy.
DepthImage resample(const DepthImage& image, int width, int height, ResampleEdges edges = ResampleEdges::clamp);
RgbaImage resample(const RgbaImage& image, int width, int height, ResampleEdges edges = ResampleEdges::clamp);

// A pattern picture scaled to the far separation P: P wide, its height in proportion (at least
// 1 pixel, at most kMaxScaledPatternHeight: a sliver of a picture is squashed rather than made a
// texture taller than drivers hold), wrapping at its edges.
inline constexpr int kMaxScaledPatternHeight = 4096;
RgbaImage scale_pattern_to_width(const RgbaImage& pattern, int pattern_width);

}  // namespace stereocl
