#pragma once
// What the command line hears of OpenCL: --list-devices, a --cl-device that matches nothing, the
// device start-up chose, and -v's account of what every mode can do here.
#include "compute/cl/cl_environment.hpp"
#include "config/options.hpp"
#include "pipeline/engine.hpp"

namespace stereocl {

// --list-devices, as text or (--json) as JSON, to stdout or the --json file; returns the exit code.
// It needs no display: without a window only which device shares with GL is unknown.
int list_devices_with_or_without_window(const Options& options);
// Before anything runs: a device asked for by name or number that is not here is a typo, not a
// reason to quietly measure or show something else (InputError).
void refuse_unmatched_device(const Options& options, const GlShareHandles& gl);
// The OpenCL device start-up chose, in one line, where others were passed over for a reason.
void say_opencl_choice(const ClSetup& cl);
// -v: what this run has to work with, for a user asking why a mode is greyed out.
void say_what_runs(const Engine& engine);

}  // namespace stereocl
