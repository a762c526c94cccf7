#pragma once
// The two numbers that define the classic stereogram, shared by the CPU code, the kernels and the UI.
#include "compute/stereogram/physical_geometry.hpp"
#include "core/result.hpp"

#include <optional>

namespace stereocl {

// lookup: the article's algorithm, each pixel copies the one a separation to its left, from a
// pattern strip P wide on the left (kernels classic and fast). symmetric: Thimbleby, Inglis &
// Witten's linking with hidden-surface removal (compute/stereogram/symmetric_cpu.hpp), as wide
// as the depth, no strip. Everything else about each is a row of algorithm_table.hpp.
enum class StereogramAlgorithm { symmetric, lookup };

// How the symmetric algorithm picks a group's pattern column (compute/stereogram/symmetric_cpu.hpp).
// hashed: a hash of the group's root (its member nearest the centre: the output pixel it lies
// in, or dot it lies in) and its row (or row of dots), into a palette of random dots (kRandomPaletteColumns wide, one row): distinct
// groups share a dot only by chance, and a group the animation leaves alone keeps its dot. The
// demo's random dots. anchored: the column the root stands on, modulo the pattern: the scene's
// colours, cut each frame (two groups whose roots lie a pattern width apart share a colour, so a
// near object echoes; for the scene the colours matter more). flowing: the pattern's phase
// carried out from the row's centre, so an image runs on smoothly, but a change anywhere moves
// the phase of everything beyond it. Images flow.
enum class GroupColour { hashed, anchored, flowing };

// Columns of the palette hashed groups pick from: a power of two, so column / columns is exact in
// float and the compositor's rounding gives the column back; wide enough that two groups pick the
// same column 1 time in 4096 (equal grey levels, 1 in 256, dominate).
inline constexpr int kRandomPaletteColumns = 4096;

struct StereogramParams {
  int pattern_width = 85;   // P: pixels per pattern repeat (the separation at the far plane)
  float max_offset = 30.f;  // M: shift in pixels between the far plane (d=1) and the nearest point (d=0)
  StereogramAlgorithm algorithm = StereogramAlgorithm::symmetric;  // --algorithm's default
  // Set (--dpi, --eye-separation, --depth-of-field, or the panel): P and M follow from these
  // (resolve_units), and the symmetric algorithm links at the paper's separations exactly.
  std::optional<PhysicalGeometry> units = std::nullopt;
  // The symmetric algorithm's: links at oversample x the horizontal resolution (oversample x as
  // many depth levels), and how its groups pick their colours.
  int oversample = 1;
  GroupColour group_colour = GroupColour::anchored;  // the demo picks by pattern kind (group_colours.hpp)
  // Hashed groups: dots dot_size x dot_size output pixels (--dot-size), for projectors.
  int dot_size = 1;
  friend bool operator==(const StereogramParams&, const StereogramParams&) = default;
};

inline constexpr int kMinPatternWidth = 4;
inline constexpr int kMaxPatternWidth = 1024;

// The largest M the panel and the keys offer at pattern width P: validate() wants M < P - 1, and
// the symmetric algorithm a nearest separation P - M of 2 px at least; P - 2 satisfies both.
inline float largest_max_offset(int pattern_width) { return static_cast<float>(pattern_width - 2); }

// Fails with a one-line reason naming the value and the rule.
// The lookup reads offsets[floor(pos)+1] with pos up to (i-P)+M, which must be an earlier pixel
// of the same row: hence 0 <= M < P-1.
Status validate(const StereogramParams& params);

// With units: P = the far separation rounded, M = P - the nearest separation, so both algorithms
// meet the paper's separations at the far plane and the nearest point (the lookup is linear in
// between). Fails naming the units when those separations are absurd: a nearest one below 2 px,
// a far one over kMaxPatternWidth or not below picture_width. Without units: params unchanged.
Result<StereogramParams> resolve_units(StereogramParams params, int picture_width);

}  // namespace stereocl
