// The build identifier the program and its modules share (core/os/program_module.hpp). Only this
// file is compiled with it, so a new commit recompiles this file alone.
#include "core/os/program_module.hpp"

#ifndef STEREOCL_MODULE_BUILD
#define STEREOCL_MODULE_BUILD "unknown"
#endif

namespace stereocl {

const char* module_build() { return "stereocl module build " STEREOCL_MODULE_BUILD; }

}  // namespace stereocl
