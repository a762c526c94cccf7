#pragma once
// A value from a file or the command line, made fit for a one-line message: whatever a hostile
// input holds (control bytes, invalid UTF-8, a megabyte of one word), the message stays one
// short line a person can read.
#include <cstddef>
#include <string>
#include <string_view>

namespace stereocl {

// Control bytes and bytes that are not UTF-8 as \xNN; over `max_bytes`, the start and the end
// with the length between them: "aaaa…aaaa (1048576 bytes)".
std::string printable(std::string_view text, std::size_t max_bytes = 64);

// A message whose every space-separated word goes through printable(): CLI11's messages echo
// values whole.
std::string printable_words(std::string_view message, std::size_t max_word_bytes = 160);

// The length of the valid UTF-8 sequence at the start of `text`, or 0 where it is not one.
std::size_t utf8_sequence_length(std::string_view text);

}  // namespace stereocl
