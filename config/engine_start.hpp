#pragma once
// The command line's Options as the engine takes them (pipeline/engine_start.hpp): the engine
// reads its own settings, not the whole command line.
#include "config/options.hpp"
#include "pipeline/engine_start.hpp"

namespace stereocl {

// A preset's look, or the look the command line starts with.
Look look_of(const Options& options);
// Everything the engine starts with.
EngineStart engine_start_of(const Options& options);

}  // namespace stereocl
