#include "core/printable_text.hpp"

#include <cstdio>

namespace stereocl {

namespace {

// What a lead byte starts: the sequence's length (0: none) and the range its second byte must be in.
struct Utf8Lead {
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;
};

// RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF.
Utf8Lead utf8_lead(unsigned char lead) {
  Utf8Lead sequence;
  if (lead >= 0xC2 && lead <= 0xDF) sequence.length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) {
    sequence.length = 3;
    if (lead == 0xE0) sequence.low = 0xA0;
    if (lead == 0xED) sequence.high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    sequence.length = 4;
    if (lead == 0xF0) sequence.low = 0x90;
    if (lead == 0xF4) sequence.high = 0x8F;
  }
  return sequence;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  const Utf8Lead sequence = utf8_lead(lead);
  if (sequence.length == 0) return 0;
  if (text.size() < sequence.length || byte(1) < sequence.low || byte(1) > sequence.high) return 0;
  for (std::size_t i = 2; i < sequence.length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return sequence.length;
}

namespace {

std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_sequence_length(text.substr(i));
    // C1 controls (U+0080-U+009F: 0xC2 0x80-0x9F) too: a terminal takes U+009B as CSI.
    const bool c1 = length == 2 && lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
    if (length == 0 || lead < 0x20 || lead == 0x7F || c1) {
      char code[5];
      std::snprintf(code, sizeof code, "\\x%02X", lead);
      out += code;
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

// Where a cut at about `at` bytes keeps UTF-8 sequences whole.
std::size_t cut_before(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return escaped(text);
  const std::size_t half = max_bytes / 2;
  const std::size_t head = cut_before(text, half);
  const std::size_t tail = cut_before(text, text.size() - half);
  return escaped(text.substr(0, head)) + "…" + escaped(text.substr(tail)) + " (" + std::to_string(text.size()) + " bytes)";
}

std::string printable_words(std::string_view message, std::size_t max_word_bytes) {
  std::string out;
  out.reserve(message.size());
  std::size_t start = 0;
  while (start <= message.size()) {
    const std::size_t space = message.find(' ', start);
    const std::size_t end = space == std::string_view::npos ? message.size() : space;
    out += printable(message.substr(start, end - start), max_word_bytes);
    if (space == std::string_view::npos) break;
    out += ' ';
    start = space + 1;
  }
  return out;
}

}  // namespace stereocl
