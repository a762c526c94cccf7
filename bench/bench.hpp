#pragma once
// --bench: every mode that can run here, one after the other in one process, vsync off, each
// timed over the same number of frames after a warm-up. Prints a table with each mode's fps as a
// ratio to Scene and to CPU mode from this same run, and optionally writes JSON.
#include "pipeline/engine.hpp"
#include "config/options.hpp"

namespace stereocl {

// Returns the exit code.
int run_bench(const Options& options, Engine& engine);

// The panel's "Benchmark this mode": --bench's loop (vsync off, no panel, each frame finished
// with glFinish, nothing presented) for the current mode for about `seconds`.
struct QuickBench {
  double fps = 0;
  double frame_ms = 0;  // median
  long long frames = 0;
};
Result<QuickBench> bench_current_mode(Engine& engine, double seconds);

}  // namespace stereocl
