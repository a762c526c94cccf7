#pragma once
// --help as a user reads it: options in named groups (Picture, Show, Output, ...) in a fixed
// order, each with its description, the range or choices in words ("4 to 1024", "one of a, b")
// and its default, wrapped to the terminal. CLI11's own layout shows its parser's internals
// ("FILE.png:FILE Excludes: --text", "0.500000 to 4.000000") and never wraps.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace stereocl {

class HelpFormatter : public CLI::Formatter {
 public:
  // Groups are printed in this order; an option whose group is not listed is not printed.
  HelpFormatter(std::vector<std::string> group_order, int width);
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

  // One option's entry: its names and value, then the description wrapped at the width.
  std::string option_entry(const CLI::Option& option) const;

 private:
  std::vector<std::string> group_order_;
  int width_;
};

// The width --help wraps at: the terminal's where stdout is one, else $COLUMNS, else 80; within 60..120.
int help_width();

// "4..1024" -> "4 to 1024", "{a,b}" -> "one of a, b", ">0..0.9" -> "above 0, up to 0.9"; other
// validator descriptions as they are.
std::string rule_in_words(const std::string& rule);

// `text` broken into lines of at most `width` characters, each after `indent` spaces but the first.
std::string wrap_words(const std::string& text, int indent, int width, int first_column);

}  // namespace stereocl
