#pragma once
// The front program, `stereocl` (app/main.cpp), makes stills of depth maps and text with the CPU
// engine and links neither GL nor a window system, so such a still maps only the libraries it
// calls. Everything else (the window, --bench, --list-devices, a still GL draws) is the window's
// program, stereocl-window (app/window_main.cpp), which the front execs with the same arguments:
// beside itself in a build folder, in ../libexec from it where the package installs it.
#include "core/standard_streams.hpp"

namespace stereocl {

inline constexpr const char* kWindowProgramFile = "stereocl-window";

// Does not return where the exec succeeds; else says why in one line and returns 1.
int run_window_program(char** argv, const StandardStreams& streams);

}  // namespace stereocl
