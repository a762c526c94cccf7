#include "config/config_text.hpp"

#include "core/printable_text.hpp"

#include <algorithm>
#include <map>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <sstream>

namespace stereocl {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
constexpr std::size_t kMaxNameBytes = 64;

std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// Fails at a byte that is not text: invalid UTF-8, or a control character other than tab and CR.
Status bytes_are_text(std::string_view line) {
  for (std::size_t i = 0; i < line.size();) {
    const auto byte = static_cast<unsigned char>(line[i]);
    const std::size_t length = utf8_sequence_length(line.substr(i));
    if (length == 0 || (byte < 0x20 && byte != '\t' && byte != '\r') || byte == 0x7F) {
      char text[64];
      std::snprintf(text, sizeof text, "byte 0x%02X at column %zu is not UTF-8 text", byte, i + 1);
      return failure(text);
    }
    i += length;
  }
  return {};
}

// A setting's name as --help spells it without the dashes; CLI11 takes one pair of quotes off.
bool is_setting_name(std::string_view name) {
  if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') && name.back() == name.front())
    name = name.substr(1, name.size() - 2);
  if (name.empty() || name.size() > kMaxNameBytes) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// A setting's name as CLI11 matches it: unquoted, '-' and '_' alike.
std::string config_key_of(std::string_view name) {
  std::string key(name.front() == '"' || name.front() == '\'' ? name.substr(1, name.size() - 2) : name);
  std::replace(key.begin(), key.end(), '-', '_');
  return key;
}

// One line outside a multi-line array: blank, a comment, `name`, `name = value` or [default].
// `key`: the setting's name as CLI11 matches it ('-' and '_' alike), or "" for no setting.
Status line_allowed(std::string_view line, bool& array_continues, std::string& key) {
  key.clear();
  if (line.empty() || line.front() == '#' || line.front() == ';') return {};
  if (line.front() == '[' && line.back() == ']') {
    std::string section(line.substr(1, line.size() - 2));
    std::transform(section.begin(), section.end(), section.begin(), [](unsigned char c) { return std::tolower(c); });
    if (section == "default" || section == "[default]") return {};
    return failure("a [section] line; stereocl's settings are `name = value` lines without sections");
  }
  const std::size_t equals = line.find('=');
  std::string_view name = trimmed(line.substr(0, equals));
  if (equals == std::string_view::npos) name = trimmed(name.substr(0, name.find('#')));  // a flag
  // What the line holds is not said: --config /etc/passwd echoed root's line to whoever reads the log.
  if (!is_setting_name(name))
    return failure("expected `name = value` with a setting's name, one word of letters, digits and '-' (see "
                   "--write-config)");
  key = config_key_of(name);
  if (equals != std::string_view::npos) {
    std::string_view value = trimmed(line.substr(equals + 1));
    value = trimmed(value.substr(0, value.find('#')));
    array_continues = value.size() > 1 && value.front() == '[' && value.back() != ']';  // CLI11 reads on
  }
  return {};
}

}  // namespace

std::string_view without_byte_order_mark(std::string_view text) {
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());
  return text;
}

Status config_text_allowed(std::string_view text) {
  if (text.size() > kMaxConfigBytes)
    return failure(std::to_string(text.size()) + " bytes, over the " + std::to_string(kMaxConfigBytes >> 20) +
                   " MiB a config file may have");
  text = without_byte_order_mark(text);
  bool array_continues = false;
  std::size_t number = 0;
  std::map<std::string, std::size_t> first_line;  // CLI11 said "At Most 1 required but received 2", no line
  std::string key;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, newline - start);
    start = newline + 1;
    ++number;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (line.size() > kMaxConfigLineBytes)
      return failure(where + std::to_string(line.size()) + " bytes, over the " + std::to_string(kMaxConfigLineBytes) +
                     " a line may have");
    if (const Status text_only = bytes_are_text(line); !text_only) return failure(where + text_only.error());
    const std::string_view content = trimmed(line);
    if (array_continues) {
      array_continues = content.empty() || content.back() != ']';
      continue;
    }
    if (const Status allowed = line_allowed(content, array_continues, key); !allowed)
      return failure(where + allowed.error());
    if (const auto [first, fresh] = first_line.emplace(key, number); !key.empty() && !fresh)
      return failure(where + key + " is set again (first on line " + std::to_string(first->second) +
                     "); give each setting once");
  }
  return {};
}

}  // namespace stereocl
