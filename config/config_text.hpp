#pragma once
// What a --config file (or a preset) may hold, checked before CLI11 reads it: CLI11's reader
// grows quadratically in the dotted parts of a key (a 32 KB file took 7.8 GB), drops keys of
// over 256 parts without a word and echoes whatever bytes it met. stereocl's settings are flat
// `name = value` lines, so anything else is refused here, naming the line.
#include "core/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

inline constexpr std::size_t kMaxConfigBytes = 1 << 20;
inline constexpr std::size_t kMaxConfigLineBytes = 8192;  // a path is at most 4096

// Fails, saying why ("line 3: ..."), where `text` is not a config file stereocl reads. A UTF-8
// byte order mark at the start is allowed (editors on Windows write one).
Status config_text_allowed(std::string_view text);

// The text without a leading UTF-8 byte order mark.
std::string_view without_byte_order_mark(std::string_view text);

}  // namespace stereocl
