#pragma once
// Config files and presets read and written as TOML by toml++, behind CLI11's config interface.
// CLI11's own reader and writer did not round-trip: `--text 'A#B' --write-config c.toml` read back
// as "A" (the reader cut a comment inside the quotes), a pattern path holding '#' was refused, and
// TOML's escapes (\t, \", \\) stayed literal. The file's shape (flat `name = value` lines, sizes,
// UTF-8) is checked first by config/config_text.hpp.
#include "core/result.hpp"

#include <CLI/CLI.hpp>

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace stereocl {

// Fails with "line N: what TOML expected" where `text` is not TOML.
Status toml_readable(std::string_view text);

class ConfigFormat : public CLI::ConfigTOML {
 public:
  // Each `name = value` as CLI11 takes it: strings unescaped, numbers and booleans as written,
  // an array's elements one input each; a [default] table's keys as top-level ones.
  std::vector<CLI::ConfigItem> from_config(std::istream& input) const override;
  // CLI11's layout (a description above each setting, groups), every value written by toml++:
  // basic strings with TOML's escapes, on one line.
  std::string to_config(const CLI::App* app, bool default_also, bool write_description,
                        std::string prefix) const override;
};

}  // namespace stereocl
