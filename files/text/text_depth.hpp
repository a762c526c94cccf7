#pragma once
// --text: a word raised from a background plane as a depth map (white = near, as a depth PNG),
// for the classic hidden-word stereogram. FreeType draws it in DejaVu Sans Bold, which
// fontconfig finds, or in the font file given; it is centred and scaled to fill most of the
// picture, and its edges slope so the letters read as solid shapes rather than cut-outs.
#include "core/image.hpp"
#include "core/result.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace stereocl {

// More letters than this are too thin to see in a stereogram of any size a screen shows.
inline constexpr std::size_t kMaxTextCharacters = 64;

// One line of printable UTF-8 with at least one visible character; fails with a line naming the
// rule broken. font_file empty: DejaVu Sans Bold through fontconfig.
Result<Image<std::uint16_t>> text_depth_map(std::string_view text, int width, int height,
                                            const std::string& font_file = "");

// The file fontconfig gives for DejaVu Sans Bold (or its nearest match), or why there is none.
Result<std::string> default_text_font();

}  // namespace stereocl
