#pragma once
// The command line's files, used as a dropped file or the panel's word would be, so a start and a
// drop cannot differ: apart from the engine, which takes decoded sources only.
#include "pipeline/engine.hpp"

namespace stereocl {

// --pattern, --depth, --text and --model into `engine`; throws InputError for one that fails.
void load_start_files(const Settings& options, Engine& engine);

}  // namespace stereocl
