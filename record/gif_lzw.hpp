#pragma once
// GIF's LZW compression of one image's 8-bit palette indices, with a clear code at the start of
// every row. giflib clears only when its 4096-entry table is full, so a stereogram's table fills
// with strings of rows already passed: each row repeats itself at the pattern's separation but
// shares no dots with the row above, so those entries only widen the codes. Starting each row
// afresh makes the same frames about a fifth smaller (docs/performance.md §47).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace stereocl {

// The code stream (code size 8), clear code first and end code last, bits packed from the least
// significant, before it is cut into sub-blocks; `indices` points at the first pixel of the
// first row, rows `stride` indices apart.
std::vector<std::uint8_t> gif_lzw(const std::uint8_t* indices, std::size_t stride, int width, int height);

}  // namespace stereocl
