#pragma once
// The --bench JSON schema as the build's tables make it. docs/bench-schema.json holds what no
// table decides and is valid on its own (looser: any value where a table decides); the build
// fills in the mode and sync-strategy names and, from the settings table, one parameters field
// per setting the bench reports (its type and range or words; effect parameters included), and
// installs that. A new row is in the schema by the row alone.
#include <nlohmann/json.hpp>

namespace stereocl {

nlohmann::json with_table_fields(nlohmann::json schema);

}  // namespace stereocl
