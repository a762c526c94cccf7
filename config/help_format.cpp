#include "config/help_format.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace stereocl {
namespace {

constexpr int kDescriptionColumn = 30;

// "-o,--output" -> "-o, --output"; positional names are not used by stereocl.
std::string names_of(const CLI::Option& option) {
  std::string names = option.get_name(false, true);
  for (std::size_t at = names.find(','); at != std::string::npos; at = names.find(',', at + 2)) names.insert(at + 1, " ");
  return names;
}

// CLI11 appends each validator's description to the type name after ':'.
std::pair<std::string, std::vector<std::string>> type_and_rules(const CLI::Option& option) {
  std::string full = option.get_type_name();
  std::vector<std::string> rules;
  const std::size_t colon = full.find(':');
  const std::string type = full.substr(0, colon);
  if (colon == std::string::npos) return {type, rules};
  std::stringstream rest(full.substr(colon + 1));
  for (std::string rule; std::getline(rest, rule, ':');)
    if (!rule.empty() && rule != type) rules.push_back(rule_in_words(rule));
  return {type, rules};
}

std::string details_of(const CLI::Option& option, const std::vector<std::string>& rules) {
  std::string details;
  for (const std::string& rule : rules) details += (details.empty() ? "" : "; ") + rule;
  const std::string description = option.get_description();
  const std::string default_value = option.get_default_str();
  const bool says_default = description.find("default") != std::string::npos;
  if (option.get_type_size() != 0 && !default_value.empty() && !says_default)
    details += (details.empty() ? "" : "; ") + std::string("default ") + default_value;
  return details;
}

// "... (default 63.5)" and "10 to 200" make "... (default 63.5; 10 to 200)", not two brackets.
std::string with_details(std::string text, const std::string& details) {
  if (details.empty()) return text;
  if (!text.empty() && text.back() == ')' && text.rfind("(default ") != std::string::npos)
    return text.insert(text.size() - 1, "; " + details);
  return text + " (" + details + ")";
}

}  // namespace

HelpFormatter::HelpFormatter(std::vector<std::string> group_order, int width)
    : group_order_(std::move(group_order)), width_(width) {}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode /*mode*/) const {
  std::string out = make_description(app) + make_usage(app, std::move(name));
  for (const std::string& group : group_order_) {
    const auto options = app->get_options([&](const CLI::Option* option) { return option->get_group() == group; });
    if (options.empty()) continue;
    out += "\n" + group + ":\n";
    for (const CLI::Option* option : options) out += option_entry(*option);
  }
  // The footer as written, not CLI11's make_footer: Debian 13's CLI11 2.4 puts a blank line of its
  // own before it, Debian 12's 2.3 does not.
  const std::string footer = app->get_footer();
  return footer.empty() ? out : out + "\n" + footer + "\n";
}

std::string HelpFormatter::option_entry(const CLI::Option& option) const {
  const auto [type, rules] = type_and_rules(option);
  std::string head = "  " + names_of(option);
  if (option.get_type_size() != 0 && !type.empty()) head += " " + type;
  const std::string text = with_details(option.get_description(), details_of(option, rules));
  const bool same_line = static_cast<int>(head.size()) < kDescriptionColumn - 1;
  if (same_line) head.resize(kDescriptionColumn, ' ');
  else head += "\n" + std::string(kDescriptionColumn, ' ');
  return head + wrap_words(text, kDescriptionColumn, width_, kDescriptionColumn) + "\n";
}

int help_width() {
  int columns = 0;
  winsize size{};
  if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) columns = size.ws_col;
  if (columns <= 0)
    if (const char* variable = std::getenv("COLUMNS")) columns = std::atoi(variable);
  return std::clamp(columns > 0 ? columns : 80, 60, 120);
}

std::string rule_in_words(const std::string& rule) {
  if (rule.size() > 2 && rule.front() == '{' && rule.back() == '}') {
    std::string choices = rule.substr(1, rule.size() - 2);
    for (std::size_t at = choices.find(','); at != std::string::npos; at = choices.find(',', at + 2)) choices.insert(at + 1, " ");
    return "one of " + choices;
  }
  const std::size_t dots = rule.find("..");
  if (dots == std::string::npos) return rule;
  const std::string low = rule.substr(0, dots);
  const std::string high = rule.substr(dots + 2);
  if (!low.empty() && low.front() == '>') return "above " + low.substr(1) + ", up to " + high;
  return low + " to " + high;
}

std::string wrap_words(const std::string& text, int indent, int width, int first_column) {
  std::string out;
  int column = first_column;
  std::stringstream words(text);
  for (std::string word; words >> word;) {
    const int needed = static_cast<int>(word.size()) + (column > indent ? 1 : 0);
    if (column > indent && column + needed > width) {
      out += "\n" + std::string(static_cast<std::size_t>(indent), ' ');
      column = indent;
    }
    if (column > indent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += static_cast<int>(word.size());
  }
  return out;
}

}  // namespace stereocl
