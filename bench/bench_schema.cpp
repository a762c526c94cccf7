#include "bench/bench_schema.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "config/settings_table.hpp"
#include "pipeline/interop/interop_sync.hpp"
#include "pipeline/mode_table.hpp"

#include <string>

namespace stereocl {
namespace {

using json = nlohmann::json;

json mode_names(bool only_with_handover_floor) {
  json names = json::array();
  for (const ModeRow& row : mode_table())
    if (!only_with_handover_floor || row.handover_floor) names.push_back(std::string(row.cli_name));
  return names;
}

json sync_names() {
  json names = json::array();
  for (const SyncStrategy strategy : kAllSyncStrategies) names.push_back(std::string(sync_strategy_name(strategy)));
  return names;
}

std::string alternatives(const json& names) {
  std::string joined = "(";
  for (const json& name : names) {
    if (joined.size() > 1) joined += '|';
    joined += name.get<std::string>();
  }
  return joined + ')';
}

// "gpu/fence/steps": a mode, then its sync strategy and batching where it has them.
std::string label_pattern() {
  std::string pattern = "^";
  pattern += alternatives(mode_names(false));
  pattern += "(/" + alternatives(sync_names()) + ")?(/(steps|pipeline))?$";
  return pattern;
}

// A number's bounds from the row: an integer's as integers, a real's as reals.
void add_bounds(json& field, const Setting& row) {
  const bool whole = row.kind == SettingKind::integer;
  const auto bound = [whole](double value) { return whole ? json(static_cast<long long>(value)) : json(value); };
  field["type"] = whole ? "integer" : "number";
  field[row.above_min ? "exclusiveMinimum" : "minimum"] = bound(row.min);
  if (row.max != kNoMaximum) field["maximum"] = bound(row.max);
}

// The type and range or words of a setting's field, from its row.
json setting_field(const Setting& row) {
  json field = json::object();
  switch (row.kind) {
    case SettingKind::integer:
    case SettingKind::real:
      add_bounds(field, row);
      break;
    case SettingKind::flag:
      field["type"] = "boolean";
      break;
    case SettingKind::words:
      field["enum"] = json(std::vector<std::string>(row.words.begin(), row.words.end()));
      break;
    case SettingKind::size:
      field = {{"type", "array"}, {"items", {{"type", "integer"}, {"minimum", 1}}}, {"minItems", 2}, {"maxItems", 2}};
      break;
    case SettingKind::list:
    case SettingKind::text:
      field["type"] = "string";
      break;
  }
  return field;
}

// Every setting that the bench reports, its field made from its row; the template's own words on a
// field (its description, what a run reports of it beyond the setting) win. Not required: a file
// from before a setting existed lacks its field and is still a result.
void fill_parameters(json& parameters) {
  json& properties = parameters["properties"];
  for (const Setting& row : settings_table()) {
    if (row.json.empty()) continue;
    const std::string name(row.json);
    json field = setting_field(row);
    field["description"] =
        row.help +
        (row.json_absent_before.empty() ? "" : "; absent in files from before " + std::string(row.json_absent_before));
    if (properties.contains(name)) field.update(properties[name]);
    properties[name] = field;
  }
}

}  // namespace

json with_table_fields(json schema) {
  json& properties = schema["properties"];
  schema["$defs"]["label"]["pattern"] = label_pattern();
  fill_parameters(properties["parameters"]);
  json mode_syncs = sync_names();
  mode_syncs.push_back(nullptr);
  for (const char* list : {"modes", "handover_floors"}) {
    json& item = properties[list]["items"]["properties"];
    item["mode"] = {{"enum", mode_names(std::string_view(list) == "handover_floors")}};
    item["interop_sync"] = {{"enum", mode_syncs}};
  }
  properties["modes"]["items"]["properties"]["algorithm"]["enum"] = json(algorithm_names());
  return schema;
}

}  // namespace stereocl
