#pragma once
// What the symmetric stereogram (Thimbleby, Inglis & Witten 1994) needs to know: how far apart
// the two pixels of a scene point are at each depth, either from the viewer's physical setup or
// from the pixel-level P and M of the lookup algorithm, and how finely to link.
#include "compute/stereogram/physical_geometry.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/result.hpp"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace stereocl {

// The lookup algorithm's encoding: separation P at the far plane (depth 1), P - M at the nearest
// (depth 0), linear in depth, so both algorithms can be compared on one depth map. The eye
// separation the hidden-surface test needs is taken as 2P: the far plane lies as far behind
// the screen as the eyes are in front of it, which is what P = E/2 means in the physical model.
struct PixelGeometry {
  int pattern_width = 85;
  float max_offset = 30.f;
  friend bool operator==(const PixelGeometry&, const PixelGeometry&) = default;
};

struct SymmetricParams {
  std::variant<PixelGeometry, PhysicalGeometry> geometry = PixelGeometry{};
  // Links at oversample x the horizontal resolution: oversample x as many depth levels, while
  // each output pixel still shows one whole pattern pixel.
  int oversample = 1;
  // Width in pixels of the pattern the compositor samples; 0 = the far separation, rounded.
  int pattern_columns = 0;
  GroupColour group_colour = GroupColour::anchored;
  int dot_size = 1;  // hashed groups: a dot per dot_size rows and dot_size output columns of roots
  friend bool operator==(const SymmetricParams&, const SymmetricParams&) = default;
};

// The pixel-level way to set them, as --pattern-width and --max-offset do.
SymmetricParams symmetric_params_from_pixels(int pattern_width, float max_offset, int oversample = 1);

// What the app's StereogramParams ask for: the paper's separations where they carry physical
// units (sampling a pattern P wide), else P and M's linear ones.
SymmetricParams symmetric_params_of(const StereogramParams& params);

inline constexpr int kMaxOversample = 8;
inline constexpr int kMaxPatternColumns = 4096;

// Fails with a one-line reason naming the value and the rule, as validate(StereogramParams).
Status validate(const SymmetricParams& params);

// The exact separation in output pixels of a point at `depth` (0 near .. 1 far, clamped).
double separation_px(const SymmetricParams& params, double depth);
// Separation at the far plane and at the nearest point, in output pixels (for the panel).
double far_separation_px(const SymmetricParams& params);
double near_separation_px(const SymmetricParams& params);

// Depth quantisation of the separation table: fine enough that 8x oversampling of a
// 1024-pixel pattern still gets a level per separation step.
inline constexpr int kSeparationLevels = 16384;
// The table holds separations in 1/256 of a linking pixel; each row of dots rounds them with a
// threshold of its own (separation_dither()).
inline constexpr int kSeparationFractionBits = 8;

// Everything the linking step needs, in whole pixels at the linking resolution (output pixels
// x oversample), computed once on the host so that the CPU and every device agree to the bit:
// the only float operation left is depth -> level, depth_level() below, done identically.
struct SymmetricPlan {
  int oversample = 1;
  int pattern_columns = 1;
  float inverse_pattern_columns = 1.f;    // 1 / pattern_columns as the host rounds it
  GroupColour group_colour = GroupColour::anchored;
  int dot_rows = 1;                       // hashed: rows that share a dot (--dot-size)
  int dot_columns = 1;                    // hashed: linking pixels of roots that share a dot (dot size x oversample)
  int eye_separation = 2;                 // E in linking pixels
  int nearest_separation = 1;             // the smallest entry of separations
  // kSeparationLevels entries, by depth level, in 1/256 linking pixel; row_separation() rounds them
  std::vector<std::int32_t> separations;
};

// Throws std::invalid_argument with validate()'s reason.
SymmetricPlan make_symmetric_plan(const SymmetricParams& params);

// A hashed dot's 32-bit hash from its column and row of dots: the same integer steps as the
// kernel (kernels/stereogram_symmetric.cl) and the shader (shaders/stereogram_symmetric.comp.glsl),
// so every implementation picks the same dot.
inline std::uint32_t dot_hash(std::uint32_t dot_column, std::uint32_t dot_row) {
  std::uint32_t h = dot_column * 0x9E3779B1u ^ dot_row * 0x85EBCA77u;
  h ^= h >> 16;  // Chris Wellons' lowbias32 finaliser: every input bit reaches every output bit
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return h;
}

// A hashed group's palette column. row: the picture's row (GL order), root: the group's root at
// the linking resolution (plan.dot_columns of them, an output pixel's or a dot's, share).
inline int hashed_column(int row, int root, const SymmetricPlan& plan) {
  const std::uint32_t h = dot_hash(static_cast<std::uint32_t>(root / plan.dot_columns),
                                   static_cast<std::uint32_t>(row / plan.dot_rows));
  return static_cast<int>(h % static_cast<std::uint32_t>(plan.pattern_columns));
}

// The table index of a depth; NaN and values outside [0, 1] clamp, so no input can index out.
inline int depth_level(float depth) {
  const float d = depth > 0.f ? (depth < 1.f ? depth : 1.f) : 0.f;
  return static_cast<int>(d * static_cast<float>(kSeparationLevels - 1) + 0.5f);
}

// The threshold, in 1/256 of a linking pixel, at which a row of dots rounds separations up. A
// row links at whole pixels only, so a plane between two levels would show as one level (and a
// smooth surface as terraces, M levels deep); rounding each row of dots at its own threshold
// makes rows take the two levels either side in the shares the fraction asks for, dot-high
// stripes the eyes average as they fuse (docs/stereogram-quality.md). The thresholds run
// through 0..255 in bit-reversed order, so any few rows in a row hold thresholds spread evenly
// and their mean separation is the continuous one within 1/(2 rows) px; 8 rows hold one in
// each eighth. Fixed per row: nothing moves from frame to frame.
inline int separation_dither(int row, int dot_rows) {
  std::uint32_t r = static_cast<std::uint32_t>(row / dot_rows) & 255u;
  r = (r & 0xF0u) >> 4 | (r & 0x0Fu) << 4;
  r = (r & 0xCCu) >> 2 | (r & 0x33u) << 2;
  r = (r & 0xAAu) >> 1 | (r & 0x55u) << 1;
  return static_cast<int>(r);
}

// A depth's separation on one row, in whole linking pixels: the table's, rounded at the row's
// threshold (separation_dither()).
inline int row_separation(const SymmetricPlan& plan, float depth, int dither) {
  return (plan.separations[depth_level(depth)] + dither) >> kSeparationFractionBits;
}

}  // namespace stereocl
