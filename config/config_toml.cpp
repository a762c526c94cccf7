#include "config/config_toml.hpp"

#include "config/config_text.hpp"
#include "core/printable_text.hpp"

#include <toml++/toml.h>

#include <charconv>
#include <iterator>
#include <regex>
#include <sstream>

namespace stereocl {
namespace {

// One line, never multi-line or literal strings: config_text_allowed() reads a file line by line.
constexpr toml::format_flags kOneLine = toml::format_flags::allow_unicode_strings;

std::string shortest(double value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : std::to_string(value);
}

// A value as CLI11 takes it from the command line; false where it is no setting's (a table, a date).
bool append_inputs(const toml::node& node, std::vector<std::string>& inputs) {
  if (const auto* text = node.as_string()) inputs.push_back(text->get());
  else if (const auto* integer = node.as_integer()) inputs.push_back(std::to_string(integer->get()));
  else if (const auto* real = node.as_floating_point()) inputs.push_back(shortest(real->get()));
  else if (const auto* boolean = node.as_boolean()) inputs.push_back(boolean->get() ? "true" : "false");
  else if (const auto* array = node.as_array()) {
    for (const toml::node& element : *array)
      if (element.is_array() || !append_inputs(element, inputs)) return false;
  } else {
    return false;
  }
  return true;
}

void append_items(const toml::table& table, std::vector<CLI::ConfigItem>& items, bool top) {
  for (const auto& [key, node] : table) {
    const std::string name(key.str());
    if (const toml::table* inner = node.as_table(); inner && top && CLI::detail::to_lower(name) == "default") {
      append_items(*inner, items, false);
      continue;
    }
    CLI::ConfigItem item;
    item.name = name;
    if (!append_inputs(node, item.inputs))
      throw CLI::ConversionError(printable(name) + ": a setting's value is a string, a number, true or false");
    items.push_back(std::move(item));
  }
}

// A number CLI11 read from the command line is written as a TOML number where TOML has it so
// (no leading zeros, no hex); everything else is a string.
bool is_toml_number(const std::string& raw) {
  static const std::regex number(R"([+-]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
  return std::regex_match(raw, number);
}

std::string toml_scalar(const std::string& raw) {
  if (raw == "true" || raw == "false" || is_toml_number(raw)) return raw;
  std::ostringstream out;
  out << toml::toml_formatter{toml::value<std::string>(raw), kOneLine};
  return out.str();
}

// The option's value as a TOML value: what was given, else its default; "" where it has none to write.
std::string toml_value(const CLI::Option& option, bool default_also) {
  const std::vector<std::string> given = option.reduced_results();
  if (given.size() == 1) return toml_scalar(given.front());
  if (given.size() > 1) {
    std::string array = "[";
    for (const std::string& raw : given) array += (array.size() > 1 ? ", " : "") + toml_scalar(raw);
    return array + "]";
  }
  if (!default_also) return {};
  if (!option.get_default_str().empty()) return toml_scalar(option.get_default_str());
  if (option.get_expected_min() == 0) return "false";
  return option.get_run_callback_for_default() ? "\"\"" : "";
}

std::string commented(const std::string& text) { return "# " + CLI::detail::fix_newlines("# ", text); }

// The settings of one group, each under its description.
std::string group_settings(const CLI::App& app, const std::string& group, bool default_also, bool write_description,
                           const std::string& prefix) {
  std::string out;
  for (const CLI::Option* option : app.get_options({})) {
    const std::string& its = option->get_group().empty() ? std::string("Options") : option->get_group();
    if (!option->get_configurable() || its != group) continue;
    const std::string value = toml_value(*option, default_also);
    if (value.empty()) continue;
    if (write_description && option->has_description()) out += "\n" + commented(option->get_description()) + "\n";
    out += prefix + option->get_single_name() + "=" + value + "\n";
  }
  return out;
}

}  // namespace

Status toml_readable(std::string_view text) {
  try {
    const toml::table parsed = toml::parse(text);
  } catch (const toml::parse_error& error) {
    // toml++ says what it met; the rule is what a user can act on (INI's bare words were read before).
    return failure("line " + std::to_string(error.source().begin.line) + ": not TOML (" +
                   printable(std::string(error.description()), 160) +
                   "); a value is a \"quoted string\", a number, true or false");
  }
  return {};
}

std::vector<CLI::ConfigItem> ConfigFormat::from_config(std::istream& input) const {
  const std::string text(std::istreambuf_iterator<char>(input), {});
  std::vector<CLI::ConfigItem> settings;
  try {
    append_items(toml::parse(without_byte_order_mark(text)), settings, true);
  } catch (const toml::parse_error& error) {  // configs_readable() said it first, with the file's name
    throw CLI::ConversionError("line " + std::to_string(error.source().begin.line) + ": " +
                               printable(std::string(error.description()), 160));
  }
  return settings;
}

std::string ConfigFormat::to_config(const CLI::App* app, bool default_also, bool write_description,
                                    std::string prefix) const {
  std::string out;
  if (write_description) out += commented(app->get_description()) + "\n";
  // CLI11's order: the options of no group ("Options") first, then each group's.
  std::vector<std::string> groups = {"Options"};
  for (const std::string& group : app->get_groups())
    if (!group.empty() && group != "Options") groups.push_back(group);
  for (const std::string& group : groups) {
    if (write_description && group != "Options") out += "\n# " + group + " Options\n";
    out += group_settings(*app, group, default_also, write_description, prefix);
  }
  return out;
}

}  // namespace stereocl
