#pragma once
// The --bench JSON schema as the build's tables make it. docs/bench-schema.json holds what no
// table decides and is valid on its own (looser: plain strings where a table names the values);
// the build fills in from the tables the mode, sync-strategy, effect and algorithm names, and one
// field per effect parameter, and installs that. A new row is in the schema by the row alone.
#include <nlohmann/json.hpp>

namespace stereocl {

nlohmann::json with_table_fields(nlohmann::json schema);

}  // namespace stereocl
