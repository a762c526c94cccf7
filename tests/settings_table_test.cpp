// The settings table (config/settings_table.hpp): every row is a command-line option with its rule
// and default; a configurable row has a config key, and set on the command line, written by
// --write-config and read back, it comes back equal; a row with a bench JSON field has it, with a
// schema entry its value passes; a panel control edits its DemoSettings field.
#include "config/settings_table.hpp"
#include "pipeline/demo_settings.hpp"
#include "bench/bench_report.hpp"
#include "bench/bench_schema.hpp"
#include "config/options.hpp"
#include "compute/stereogram/algorithm_table.hpp"
#include "parsed_options.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace stereocl {
namespace {

using json = nlohmann::json;

std::string asset(const std::string& name) { return std::string(STEREOCL_ASSETS_DIR) + "/" + name; }

// What sets each row that a row's kind alone cannot: a path that must exist or be writable, or a
// value that needs another setting to be accepted. Every other row is set from its range or words.
const std::map<std::string_view, std::vector<std::string>>& examples() {
  const std::string scratch = testing::scratch_dir().string();
  static const std::map<std::string_view, std::vector<std::string>> by_name = {
      {"max_offset", {"--max-offset", "40.5"}},
      {"pattern", {"--pattern", "marble"}},
      {"depth", {"--depth", asset("depth-shapes.png")}},
      {"text", {"--text", "HELLO 3D"}},
      {"model", {"--model", "torus-knot"}},
      {"font", {"--font", asset("depth-shapes.png")}},  // read only when a word is drawn
      {"output", {"--output", scratch + "/still.png", "--text", "A"}},
      {"screenshot", {"--screenshot", scratch + "/shot.png"}},
      {"screenshot_window", {"--screenshot-window", scratch + "/window.png"}},
      {"histogram", {"--histogram", scratch + "/histogram.csv"}},
      {"record", {"--record", scratch + "/recording.gif"}},
      {"overwrite", {"--record", scratch + "/frames", "--overwrite"}},
      {"cl_device", {"--cl-device", "0:0"}},
      {"json", {"--bench", "--json", scratch + "/bench.json"}},
      {"soak", {"--soak", "30", "--soak-csv", scratch + "/soak.csv"}},
      {"soak_csv", {"--soak", "30", "--soak-csv", scratch + "/soak.csv"}},
      {"soak_modes", {"--soak", "30", "--soak-csv", scratch + "/soak.csv", "--soak-modes", "cpu,scene"}},
      {"presets", {"--presets", asset("presets")}},
      {"fullscreen", {"--fullscreen", "HDMI"}}};
  return by_name;
}

// A value of the row's kind other than its default: its maximum (or minimum), a number between
// the bounds, its first other word.
std::vector<std::string> example_of(const Setting& row) {
  const auto found = examples().find(row.name);
  if (found != examples().end()) return found->second;
  const std::string name = row.cli_name();
  switch (row.kind) {
    case SettingKind::flag:
      return {name};
    case SettingKind::integer: {
      const long long value =
          row.max != kNoMaximum ? static_cast<long long>(row.max) : static_cast<long long>(row.min) + 1;
      return {name, number_text(number_text(value) == row.initial ? static_cast<long long>(row.min) : value)};
    }
    case SettingKind::real:
      return {name, number_text((row.min + row.max) / 2)};
    case SettingKind::size:
      return {name, "640x360"};
    case SettingKind::words:
    case SettingKind::list:
      for (const std::string_view word : row.words)
        if (word != row.initial) return {name, std::string(word)};
      break;
    case SettingKind::text:
      break;
  }
  ADD_FAILURE() << row.name << ": give it an example in examples()";
  return {};
}

using testing::parsed;

TEST(SettingsTable, NamesOptionsAndFieldsAreEachTheirRowsAlone) {
  std::set<std::string> names, fields;
  for (const Setting& row : settings_table()) {
    EXPECT_TRUE(names.insert(row.cli_name()).second) << row.name;
    if (!row.json.empty()) EXPECT_TRUE(fields.insert(std::string(row.json)).second) << row.json;
    EXPECT_FALSE(row.help.empty()) << row.name;
    EXPECT_NE(std::find(std::begin(kHelpGroups), std::end(kHelpGroups), row.group), std::end(kHelpGroups)) << row.name;
    EXPECT_TRUE(row.access.text && row.access.set) << row.name;
    if (row.kind == SettingKind::words || row.kind == SettingKind::list) EXPECT_FALSE(row.words.empty()) << row.name;
  }
  for (const EffectRow& effect : effect_table())
    for (const EffectParameter& parameter : effect.parameters)
      EXPECT_EQ(setting_named(parameter.name).json, parameter.name);
  EXPECT_THROW(static_cast<void>(setting_named("no_such_setting")), std::invalid_argument);
}

// Options start from the rows' defaults, and each default passes its own row's rule.
TEST(SettingsTable, OptionsStartFromEachRowsDefaultWhichItsRuleAccepts) {
  const Options defaults;
  for (const Setting& row : settings_table()) {
    const std::string start = row.kind == SettingKind::flag ? "false" : row.initial;
    EXPECT_EQ(row.access.text(row, defaults), start) << row.name;
    if (row.initial.empty() || row.kind == SettingKind::flag) continue;
    const auto given = parse_command_line({row.cli_name(), row.initial});
    EXPECT_TRUE(given.ok()) << row.name << " " << row.initial;
  }
}

// A default is written once, in its row: the engine runs with a copy of the Options it is given
// (DemoSettings), so each value the panel and the keys edit starts at its row's default, and one
// that --bench may leave open (`all`) runs as that default too.
TEST(SettingsTable, TheRunningValueStartsAtEachRowsDefault) {
  const DemoSettings running{Options()};
  for (const Setting& row : settings_table()) {
    if (!row.access.value) continue;
    SCOPED_TRACE(row.name);
    std::vector<std::string> arguments;
    if (!row.initial.empty() && row.kind != SettingKind::flag) arguments = {row.cli_name(), row.initial};
    const auto given = parse_command_line(arguments);
    ASSERT_TRUE(given.ok());
    EXPECT_EQ(row.access.value(row, running), row.access.value(row, DemoSettings(*given)));
    if (std::ranges::find(row.words, "all") == row.words.end()) continue;
    const auto open = parse_command_line({row.cli_name(), "all", "--bench"});
    ASSERT_TRUE(open.ok());
    EXPECT_EQ(row.access.value(row, running), row.access.value(row, DemoSettings(*open)));
  }
}

TEST(SettingsTable, HelpListsEveryRowWithItsValueName) {
  const std::string help = parse_command_line({"--help"}).failure().message;
  for (const Setting& row : settings_table()) {
    const std::string entry = row.cli_name() + (row.value_name.empty() ? "" : " " + std::string(row.value_name));
    EXPECT_NE(help.find(entry), std::string::npos) << entry;
  }
}

// Set on the command line, written by --write-config and read back: the same Options.
void expect_round_trip(const Setting& row, const std::vector<std::string>& arguments) {
  const Options given = parsed(arguments);
  EXPECT_NE(row.access.text(row, given), row.access.text(row, Options{})) << row.name << ": the example is the default";
  const std::string config = testing::scratch_file(std::string(row.name) + ".toml");
  std::vector<std::string> writing = arguments;
  writing.insert(writing.end(), {"--write-config", config});
  const auto written = parse_command_line(writing);
  ASSERT_FALSE(written.ok()) << row.name;
  ASSERT_EQ(written.failure().code, 0) << written.failure().message;
  const std::string text = testing::read_text(config);
  EXPECT_NE(text.find("\n" + row.config_key() + "="), std::string::npos) << row.config_key() << " in\n" << text;
  Options read = parsed({"--config", config});
  read.config_files.clear();
  EXPECT_EQ(row.access.text(row, read), row.access.text(row, given)) << row.name;
  EXPECT_TRUE(read == given) << row.name;
}

TEST(SettingsTable, EveryConfigurableRowSurvivesTheCommandLineTheConfigFileAndBack) {
  for (const Setting& row : settings_table()) {
    if (!row.configurable) continue;
    SCOPED_TRACE(row.name);
    expect_round_trip(row, example_of(row));
  }
}

TEST(SettingsTable, ARowWithoutAConfigKeyIsAnOptionOnly) {
  for (const Setting& row : settings_table()) {
    if (row.configurable) continue;
    EXPECT_TRUE(row.config_key().empty()) << row.name;
    static_cast<void>(parsed(example_of(row)));
    const std::string key = row.cli_name().substr(2);
    const std::string config = testing::write_bytes(std::string(row.name) + "-key.toml", key + " = 1\n");
    const auto refused = parse_command_line({"--config", config});
    ASSERT_FALSE(refused.ok()) << row.name;
    EXPECT_NE(refused.failure().message.find(key), std::string::npos)
        << refused.failure().message;
  }
}

bool has_type(const json& value, const std::string& type) {
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "boolean") return value.is_boolean();
  if (type == "string") return value.is_string();
  return type != "array" || value.is_array();
}

// The few JSON Schema words the generated fields use.
bool passes(const json& value, const json& field) {
  if (field.contains("enum") && std::find(field["enum"].begin(), field["enum"].end(), value) == field["enum"].end())
    return false;
  if (!has_type(value, field.value("type", ""))) return false;
  if (!value.is_number()) return true;
  return (!field.contains("minimum") || value >= field["minimum"]) &&
         (!field.contains("exclusiveMinimum") || value > field["exclusiveMinimum"]) &&
         (!field.contains("maximum") || value <= field["maximum"]);
}

json built_schema() {
  std::ifstream in(std::filesystem::path(STEREOCL_ASSETS_DIR).parent_path() / "docs" / "bench-schema.json");
  return with_table_fields(json::parse(in));
}

// The bench writes each row's field from the Options of the run (bench/bench_report.cpp: with the
// threads resolved and the frames set, so the defaults of those two are not a run's); the schema has
// an entry for it that a value set on the command line passes, and that a word the row lacks fails.
TEST(SettingsTable, EveryRowWithAJsonFieldIsInTheReportAndTheSchema) {
  const json properties = built_schema()["properties"]["parameters"]["properties"];
  const json defaults = json::parse(setting_fields(Options{}).dump());
  for (const Setting& row : settings_table()) {
    if (row.json.empty()) continue;
    SCOPED_TRACE(row.name);
    const std::string field(row.json);
    ASSERT_TRUE(properties.contains(field));
    EXPECT_TRUE(defaults.contains(field));
    const Options options = parsed(example_of(row));
    const json reported = json::parse(setting_fields(options).dump())[field];
    const std::string text = row.access.text(row, options);
    if (row.kind == SettingKind::words) EXPECT_EQ(reported, text);
    if (row.kind == SettingKind::integer) EXPECT_EQ(reported.dump(), text);
    EXPECT_TRUE(passes(reported, properties[field])) << reported << " against " << properties[field];
    if (row.kind == SettingKind::words) EXPECT_FALSE(passes("no-such-word", properties[field]));
  }
}

TEST(SettingsTable, PanelControlsEditTheirDemoSettingsField) {
  for (const Setting& row : settings_table()) {
    if (row.panel.kind == ControlKind::none) continue;
    SCOPED_TRACE(row.name);
    ASSERT_TRUE(row.access.value && row.access.set_value);
    EXPECT_FALSE(row.panel.label.empty());
    DemoSettings settings;
    settings.look.stereogram.units.emplace();  // the units' sliders edit them only while they are on
    const RunningRange range = running_range(row, settings);
    const double other = row.panel.kind == ControlKind::checkbox ? 1 - row.panel.ticked : range.max;
    row.access.set_value(row, settings, other);
    EXPECT_EQ(static_cast<float>(row.access.value(row, settings)), static_cast<float>(other));  // M is a float
  }
}

// The panel names rows through members (a typo does not compile); each member is the row of its name.
TEST(SettingsTable, NamedSettingsAreTheRowsOfTheirNames) {
  const NamedSettings& rows = named_settings();
  const std::pair<const Setting*, std::string_view> named[] = {
      {&rows.pattern_width, "pattern_width"}, {&rows.max_offset, "max_offset"},
      {&rows.dpi, "dpi"},                     {&rows.eye_separation, "eye_separation"},
      {&rows.depth_of_field, "depth_of_field"}, {&rows.dot_size, "dot_size"},
      {&rows.invert_depth, "invert_depth"},   {&rows.depth_fit, "depth_fit"},
      {&rows.oversample, "oversample"},       {&rows.interop_batch, "interop_batch"},
      {&rows.depth_pass, "depth_pass"},       {&rows.compose, "compose"},
      {&rows.no_vsync, "no_vsync"},           {&rows.no_convergence_dots, "no_convergence_dots"}};
  for (const auto& [row, name] : named) {
    EXPECT_EQ(row->name, name);
    EXPECT_EQ(row, &setting_named(name)) << "a copy, not the table's row";
  }
}

// Every slider offers its row's range, no more and no less: the command line's and the panel's
// P reach 1024, the eyes 10 to 200 mm. Only a rule between settings narrows one (M below P - 1,
// which validate() holds at every P the slider offers), and a minimum the row refuses is stepped over.
TEST(SettingsTable, PanelSlidersOfferTheirRowsRange) {
  DemoSettings settings;
  settings.look.stereogram.units.emplace();
  for (const Setting& row : settings_table()) {
    if (row.panel.kind != ControlKind::slider) continue;
    SCOPED_TRACE(row.name);
    const RunningRange range = running_range(row, settings);
    EXPECT_EQ(range.min == row.min, !row.above_min);
    EXPECT_GT(static_cast<float>(range.min), row.above_min ? row.min : row.min - 1) << "as the slider's float";
    if (row.panel.largest) EXPECT_LT(range.max, row.max);
    else EXPECT_EQ(range.max, row.max);
  }
  const NamedSettings& rows = named_settings();
  for (const int width : {static_cast<int>(rows.pattern_width.min), 85, static_cast<int>(rows.pattern_width.max)}) {
    StereogramParams params{.pattern_width = width};
    settings.look.stereogram.pattern_width = width;
    params.max_offset = static_cast<float>(running_range(rows.max_offset, settings).max);
    EXPECT_TRUE(validate(params)) << "P " << width << ", M " << params.max_offset;
    EXPECT_TRUE(algorithm_row(StereogramAlgorithm::symmetric).validate(params)) << "P " << width;
  }
  for (const Setting* unit : {&rows.dpi, &rows.eye_separation, &rows.depth_of_field})
    for (const double end : {running_range(*unit, settings).min, running_range(*unit, settings).max}) {
      Options options;
      EXPECT_TRUE(unit->access.set(*unit, options, number_text(end))) << unit->name << " " << end;
      EXPECT_TRUE(validate(*options.look.stereogram.units)) << unit->name << " " << end;
    }
}

}  // namespace
}  // namespace stereocl
