#pragma once
// A command that prints its result (--list-devices, --bench, --help, --version, -o -) needs an
// open stdout, checked before the work, and every byte of it written, checked after.
#include "config/options.hpp"

namespace stereocl {

bool prints_its_result(const Options& options);
// Says that stdout is closed; returns the exit code, 1.
int refuse_closed_stdout();
// `code`, or 1 where stdout lost a byte of the result (a full disk, a closed pipe), said in one line.
int with_stdout_written(int code);

}  // namespace stereocl
