#pragma once
// The picture's look as one value: the separations, the pattern, the seed, the depth map's fit and
// sign, the effect. A part of Settings (pipeline/settings.hpp), which a preset sets again whole; the
// settings table's rows (config/settings_table.cpp) bind to its fields. The rows give the defaults
// (Options() starts from them); a LookSettings{} is no look.
#include "compute/stereogram/stereogram_params.hpp"
#include "core/depth_fit.hpp"
#include "core/pattern.hpp"
#include "core/pattern_library.hpp"
#include "pipeline/plan/effects.hpp"

#include <cstdint>
#include <optional>

namespace stereocl {

struct LookSettings {
  StereogramParams stereogram;  // P, M, the algorithm, the dots' size (--dot-size)
  PatternKind pattern_kind{};   // random dots, grey or colour (--colour-pattern); a library row; a picture
  // The library's row where pattern_kind is library; elsewhere the row the panel's list starts at.
  const PatternRow* library_pattern = &pattern_library().front();
  std::uint32_t seed{};
  bool invert_depth{};
  DepthFit depth_fit{};  // how a depth map fills a scene of another size
  EffectSettings effect;
  friend bool operator==(const LookSettings&, const LookSettings&) = default;
};

// Random dots stay put around the moving ball and echo nowhere; a picture runs on without seams
// (GroupColour, compute/stereogram/group_colours.hpp). Called once the pattern kind is final, so
// no picture takes the other kind's colours: by the engine and by a still alike.
void settle_group_colours(LookSettings& look);

// The pattern drawn by code at P, in GL's row order, from `seed`: random dots (grey or colour, in
// the algorithm's form) or a library row's drawing; the engine's and a still's alike. nullopt for a
// picture pattern and for one cut from the scene, which come from elsewhere.
std::optional<RgbaImage> pattern_drawn_by_code(const StereogramParams& stereogram, PatternKind kind,
                                               const PatternRow* library, std::uint32_t seed);

}  // namespace stereocl
