#include "config/users_terms.hpp"

#include "config/settings_table.hpp"
#include "core/printable_text.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace stereocl {
namespace {

const Setting* setting_called(std::string_view word) {
  for (const Setting& row : settings_table())
    if (row.name == word) return &row;
  return nullptr;
}

bool clause_start(std::string_view text, std::size_t at) {
  return at == 0 || (at >= 2 && (text.substr(at - 2, 2) == ": " || text.substr(at - 2, 2) == "; "));
}

// After a name at `end`: a colon, or a value (a number, or one word and a colon), as in
// "text: ...", "size 640x480: ...", "compose compute: ..."; not prose ("depth map too large").
bool value_follows(std::string_view text, std::size_t end) {
  if (text[end] == ':') return true;
  const std::size_t next = end + 1;
  if (next >= text.size()) return false;
  if (text[next] >= '0' && text[next] <= '9') return true;
  const std::size_t after = text.find_first_of(" :\n", next);
  return after != std::string_view::npos && text[after] == ':';
}

// `message` with each setting name (as as_flags() finds them) replaced by `say(row)`.
std::string replace_names(std::string_view message, const std::function<std::string(const Setting&)>& say) {
  std::string said;
  std::size_t at = 0;
  while (at < message.size()) {
    const std::size_t end = std::min(message.find_first_of(" :\n", at), message.size());
    const std::string_view word = message.substr(at, end - at);
    const Setting* row = end < message.size() && word.size() > 1 ? setting_called(word) : nullptr;
    const bool named = row && (word.find('_') != std::string_view::npos ||
                               (clause_start(message, at) && value_follows(message, end)));
    said += named ? say(*row) : std::string(word);
    if (end < message.size()) said += message[end];
    at = end + 1;
  }
  return said;
}

}  // namespace

std::string as_flags(std::string_view message) {
  return replace_names(message, [](const Setting& row) { return row.cli_name(); });
}

void say_on_stderr(std::string_view message) {
  std::fprintf(stderr, "stereocl: %s\n", printable_words(as_flags(message)).c_str());
}

std::string as_panel_words(std::string_view message) {
  return replace_names(message, [](const Setting& row) {
    std::string words(row.name);
    std::replace(words.begin(), words.end(), '_', ' ');
    return words;
  });
}

}  // namespace stereocl
