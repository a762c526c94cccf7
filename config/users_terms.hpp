#pragma once
// Messages in the user's terms. Below config/, a failure names a setting by its table name
// (config/settings_table.hpp): "oversample 9: must be 1..8", "eye_separation 40 ...". config/ says
// it as the flag on stderr ("--oversample 9: ...") and in plain words on the panel ("eye separation
// 40 ..."), where the value may have come from a slider the user touched, not a flag.
#include <string>
#include <string_view>

namespace stereocl {

// Each setting's table name as its flag: a name with an underscore wherever it stands (no word of
// prose has one); any other at the start of a clause (the text's start, or after ": " or "; ")
// and followed by its value or a colon, where a prose word ("depth map too large") is not meant.
std::string as_flags(std::string_view message);

// The same names as words: "eye_separation 40" -> "eye separation 40".
std::string as_panel_words(std::string_view message);

// "stereocl: " and the message as_flags() says it, one line on stderr: the one printer of every
// message of the program's own. A message may echo what the user gave (a file name, a value, a
// model's or a word's text), so each word is made printable and bounded (core/printable_text.hpp):
// an escape sequence in a name reached the terminal through messages printed without it.
void say_on_stderr(std::string_view message);

}  // namespace stereocl
