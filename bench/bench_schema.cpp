#include "bench/bench_schema.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "pipeline/effects.hpp"
#include "pipeline/interop_sync.hpp"
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

json effect_parameter_field(const EffectParameter& parameter) {
  // Not required: a file from before the effect existed lacks the field and is still a result.
  json field = {{"description", std::string(parameter.help) + "; absent in files from before the effect existed"}};
  if (parameter.words.empty()) {
    field.update({{"type", "integer"}, {"minimum", parameter.min}, {"maximum", parameter.max}});
  } else {
    json words = json::array();
    for (std::string_view word : parameter.words) words.push_back(std::string(word));
    field["enum"] = words;
  }
  return field;
}

void fill_parameters(json& parameters) {
  json effects = {"none"};
  for (const EffectRow& row : effect_table()) {
    effects.push_back(std::string(row.name));
    for (const EffectParameter& parameter : row.parameters) {
      parameters["properties"][std::string(parameter.name)] = effect_parameter_field(parameter);
    }
  }
  parameters["properties"]["effect"]["enum"] = effects;
  json algorithms = json::array();
  for (const AlgorithmRow& row : algorithm_rows()) algorithms.push_back(row.name);
  parameters["properties"]["algorithm"]["enum"] = algorithms;
  json syncs = sync_names();
  syncs.push_back("all");
  parameters["properties"]["interop_sync"]["enum"] = syncs;
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
  return schema;
}

}  // namespace stereocl
