#pragma once
// Every user setting, declared once as a row (config/setting.hpp): name, kind, range or words,
// default, help and its group, config key, panel control and bench JSON field. The command line
// and config files (config/options.cpp), Options' defaults, the panel's plain controls
// (ui/panel_settings.hpp), the bench JSON (bench/bench_report.cpp) and its schema
// (bench/bench_schema.cpp) iterate this table. Each effect parameter of pipeline/plan/effects.cpp is a
// row of its own, made from the effect table.
#include "config/setting.hpp"

#include <span>
#include <string_view>
#include <vector>

namespace stereocl {

struct EffectRow;

// In --help's order within each group, which is also the order CLI11 checks pairs of options in
// (the first of an excluded pair given names itself first: "--pattern excludes --colour-pattern").
std::span<const Setting> settings_table();

// The row called `name` ("dot_size"). A name no row has is a bug in the caller: std::invalid_argument.
const Setting& setting_named(std::string_view name);

// The rows code names (the panel's controls, the keys' limits), as members: a misspelt name does
// not compile, and settings_table_test finds each one in the table.
struct NamedSettings {
  const Setting& pattern_width;
  const Setting& max_offset;
  const Setting& dpi;
  const Setting& eye_separation;
  const Setting& depth_of_field;
  const Setting& dot_size;
  const Setting& invert_depth;
  const Setting& depth_fit;
  const Setting& oversample;
  const Setting& interop_batch;
  const Setting& depth_pass;
  const Setting& compose;
  const Setting& no_vsync;
  const Setting& no_convergence_dots;
};
const NamedSettings& named_settings();

// The rows of an effect's parameters, in the effect's order.
std::vector<const Setting*> effect_settings(const EffectRow& effect);

}  // namespace stereocl
