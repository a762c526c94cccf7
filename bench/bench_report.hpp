#pragma once
// The --bench JSON: results plus everything needed to compare them with a file from another
// machine a month later (versions, hardware, drivers, parameters, what was skipped and why).
// Its layout is docs/bench-schema.json; bump kBenchSchemaVersion when a field changes meaning.
#include "pipeline/engine.hpp"
#include "config/options.hpp"
#include "pipeline/plan/stage_timings.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {

inline constexpr int kBenchSchemaVersion = 1;

// One mode (for GPU mode: one interop sync strategy) measured --bench-repeat times.
struct BenchModeResult {
  Mode mode = Mode::scene;
  std::optional<SyncStrategy> sync;  // GPU mode only
  std::optional<bool> batch;         // GPU mode only: one GL<->CL hand-over a frame (--interop-batch)
  std::optional<bool> pipeline;      // GPU mode only: --pipeline
  // The algorithm its frames ran: --algorithm's, but in a mode that runs one of its own (GL compute).
  StereogramAlgorithm algorithm = StereogramAlgorithm::symmetric;
  std::vector<double> run_fps;       // one per repeat
  std::vector<double> frame_ms;      // every timed frame of every repeat
  std::vector<double> latency_ms;    // every timed frame's submit to done (bench/frames_in_flight.hpp)
  std::array<double, kStageCount> stage_median_ms{};  // median over the repeats of each run's median
};

struct BenchSkip {
  Mode mode = Mode::scene;
  std::optional<SyncStrategy> sync;
  std::optional<bool> batch;
  std::optional<bool> pipeline;
  std::string reason;
};

// One hand-over floor (pipeline/interop/handover_floor.hpp): GPU mode's for one sync strategy, or GPU
// (external memory) mode's; `reason` where it could not be measured here.
struct BenchFloor {
  Mode mode = Mode::gpu;
  std::optional<SyncStrategy> sync;
  std::optional<HandoverFloor> floor;
  std::string reason;
};

// "gpu", "gpu/fence", "gpu/fence/steps" or "gpu/fence/pipeline": how a result is named in the
// table, the JSON and stereocl-compare. "/steps" marks --interop-batch off, a hand-over per step
// (all GPU mode had before the one-hand-over frame, so files from then call that "gpu/fence").
std::string bench_label(Mode mode, const std::optional<SyncStrategy>& sync, const std::optional<bool>& batch = {},
                        const std::optional<bool>& pipeline = {});

// Whether each stage of `mode` is timed on the GPU (GL timer queries, CL event profiling) or
// by the CPU's clock; GPU stages add up to the GPU's work, and the rest of the frame is idle.
bool stage_is_gpu_side(Mode mode, Stage stage);

// The floor measured for the hand-over that `result`'s frames ran once each, or nullptr: GPU mode's
// for the same sync strategy; GPU (external memory) mode's where its frames ran its own semaphores,
// that is on the scene's depth without an effect (a depth image or an effect hands the frame to
// GPU mode's hand-over). Never for step-by-step frames, which hand over once per step, nor for a
// floor that was not measured here. The JSON names it in each mode's entry, so that the table and
// scripts/stereocl-compare pair by that name instead of by this rule again.
const BenchFloor* floor_of_frames(const BenchModeResult& result, const std::vector<BenchFloor>& floors,
                                  const DemoSettings& settings);

// The JSON field of every setting that has one (config/settings_table.hpp), from `reported`: the
// parameters block writes those of the run, and a new setting's field comes with its row.
nlohmann::ordered_json setting_fields(const Options& reported);

nlohmann::ordered_json bench_report(const Options& options, const Engine& engine, const std::vector<BenchModeResult>& results,
                                    const std::vector<BenchSkip>& skipped, const std::vector<BenchFloor>& floors);

}  // namespace stereocl
