#pragma once
// The end of a windowed run: what --screenshot, --histogram, --record and --soak asked for, and
// the exit code.
#include "app/recording.hpp"
#include "bench/soak.hpp"
#include "config/options.hpp"
#include "core/result.hpp"
#include "pipeline/engine.hpp"

namespace stereocl {

// 0 when every output was written; 128 + the signal's number when a signal ended the run.
int end_run(const Options& options, const Engine& engine, const Status& window_shot, Recording& recording,
            const Soak& soak);

}  // namespace stereocl
