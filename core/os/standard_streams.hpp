#pragma once
// Descriptors 0, 1 and 2 as the program found them. One closed at start (`>&-`) would be taken
// by the next file or pipe opened, and our writes to stdout or stderr would land in it: the model
// loader's answer pipe became descriptor 1 and the child wrote /dev/null over it. So a closed one
// is held by /dev/null, and whether stdout was closed is remembered for the commands whose
// output is the point (--list-devices, --bench, --help, --version, -o -).
#include <string>

namespace stereocl {

struct StandardStreams {
  bool stdout_closed = false;
  bool held[3] = {false, false, false};  // which of 0-2 this program filled with /dev/null
};

// Holds every closed descriptor of 0-2 with /dev/null; call first thing in main().
StandardStreams hold_standard_descriptors();

// Flushes stdout: "" where all that was printed reached it, else why not ("No space left on
// device" for /dev/full).
std::string stdout_failure();

}  // namespace stereocl
