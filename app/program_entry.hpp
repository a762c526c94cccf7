#pragma once
// The program's start and end (app/main.cpp): standard descriptors held, the command line parsed
// and --help and --version answered, then the run, its refusals and failures each said in one line.
#include "config/options.hpp"
#include "core/os/standard_streams.hpp"

#include <optional>

namespace stereocl {

struct ProgramStart {
  StandardStreams streams;
  std::optional<Options> options;  // empty: the program is done, with exit_code
  int exit_code = 0;
};

ProgramStart start_program(int argc, char** argv);

// run(options)'s exit status, or 2 for a refused input (InputError), 1 for any other failure.
int run_checked(const Options& options, const StandardStreams& streams, int (*run)(const Options&));

}  // namespace stereocl
