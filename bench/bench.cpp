#include "bench/bench.hpp"

#include "bench/bench_report.hpp"
#include "bench/frames_in_flight.hpp"
#include "config/users_terms.hpp"
#include "core/os/atomic_file.hpp"
#include "core/stopwatch.hpp"
#include "pipeline/mode_table.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <unistd.h>

#include <algorithm>
#include <utility>
#include <cstdio>
#include <vector>

namespace stereocl {
namespace {

// Progress on stderr: rewritten in place on a terminal, one line per run in a CI log.
class Progress {
 public:
  Progress(std::string label, int run, int runs, long long frames)
      : label_(std::move(label)), run_(run), runs_(runs), frames_(frames), terminal_(isatty(STDERR_FILENO)) {}
  void update(long long done) const {
    if (terminal_ && (done % 50 == 0)) std::fprintf(stderr, "\r%s run %d/%d: %lld/%lld frames", label_.c_str(), run_, runs_, done, frames_);
  }
  void finish(double fps) const {
    std::fprintf(stderr, "%s%s run %d/%d: %lld/%lld frames, %.1f fps\n", terminal_ ? "\r" : "", label_.c_str(), run_,
                 runs_, frames_, frames_, fps);
  }

 private:
  std::string label_;
  int run_, runs_;
  long long frames_;
  bool terminal_;
};

// Frames as --frames-in-flight submits them (bench/frames_in_flight.hpp): with 1, each frame ends
// when the GPU has finished it, so every mode's frame time is the same thing, from starting the
// frame to its picture being complete. Each frame's latency (submit to done) goes to `latencies`
// where given. Nothing is presented: the window is hidden, and on a headless server a swap is a
// copy through the X server that would swamp what we measure.
Status run_frames(Engine& engine, long long count, int in_flight, std::vector<double>* latencies = nullptr,
                  const Progress* progress = nullptr) {
  FramesInFlight frames(in_flight);
  Stopwatch clock;
  Status ran;
  for (long long i = 0; i < count && ran; ++i) {
    glfwPollEvents();
    frames.submitting();
    ran = engine.render_frame(1.0 / 60.0);
    for (const Notices::Line& line : engine.take_notices()) say_on_stderr(line.text);
    frames.submitted();
    engine.timings().end_frame(clock.lap());
    if (progress) progress->update(i + 1);
  }
  frames.drain();
  const std::vector<double> taken = frames.take_latencies();
  if (latencies) latencies->insert(latencies->end(), taken.begin(), taken.end());
  return ran;
}

// One GPU-mode way of handing over between GL and CL; both empty for the other modes.
struct Variant {
  std::optional<SyncStrategy> sync;
  std::optional<bool> batch;
  std::optional<bool> pipeline;
};

// --interop-batch holds for the modes without variants (CPU-readback runs a frame in one go, or
// step by step, too).
Result<BenchModeResult> measure(Mode mode, const Variant& variant, const Options& options, long long frames,
                                Engine& engine) {
  const int repeat = options.bench_repeat, in_flight = options.frames_in_flight;
  engine.settings().mode = mode;
  if (variant.sync) engine.settings().interop_sync = *variant.sync;
  engine.settings().interop_batch = variant.batch.value_or(options.interop_batch.value_or(kDefaultInteropBatch));
  engine.settings().passes.pipeline = variant.pipeline.value_or(false);
  BenchModeResult result;
  result.mode = mode;
  result.sync = variant.sync;
  result.batch = variant.batch;
  result.pipeline = variant.pipeline;
  std::vector<std::array<double, kStageCount>> run_stages;
  for (int run = 1; run <= repeat; ++run) {
    // warm-up: kernels built, caches and clocks up
    if (Status warmed = run_frames(engine, std::clamp(frames / 5, 20LL, 200LL), in_flight); !warmed)
      return failure(warmed.error());
    engine.timings() = StageTimings(0);
    const Progress progress(bench_label(mode, variant.sync, variant.batch, variant.pipeline), run, repeat, frames);
    Stopwatch clock;
    if (Status ran = run_frames(engine, frames, in_flight, &result.latency_ms, &progress); !ran)
      return failure(ran.error());
    const double seconds = clock.lap() / 1000.0;
    result.run_fps.push_back(seconds > 0 ? static_cast<double>(frames) / seconds : 0.0);
    progress.finish(result.run_fps.back());
    const auto& samples = engine.timings().frames();
    result.frame_ms.insert(result.frame_ms.end(), samples.begin(), samples.end());
    result.algorithm = engine.settings().look.stereogram.algorithm;  // GL compute mode's own, once its frames ran
    auto& stages = run_stages.emplace_back();
    for (std::size_t i = 0; i < kStageCount; ++i) stages[i] = engine.timings().stage_median(kAllStages[i]);
  }
  for (std::size_t i = 0; i < kStageCount; ++i) {
    std::vector<double> per_run;
    per_run.reserve(run_stages.size());
    for (const auto& stages : run_stages) per_run.push_back(stages[i]);
    result.stage_median_ms[i] = median_of(per_run);
  }
  return result;
}

// GPU mode once per strategy and batching asked for (--interop-sync all, --interop-batch all:
// each), batched first, then pipelined (the default; not with --no-pipeline); strategies the
// driver lacks are skipped with the reason. GPU (external memory) mode has one hand-over and
// CPU-readback one round trip a frame: each also runs pipelined unless --no-pipeline, so that
// every mode's default is measured beside its unpipelined self.
// GPU mode's sync strategies to measure: --interop-sync's, or each of them for "all".
std::vector<std::optional<SyncStrategy>> sync_strategies(const Options& options) {
  if (!options.interop_sync) return {kAllSyncStrategies.begin(), kAllSyncStrategies.end()};
  return {options.interop_sync};
}

std::vector<Variant> variants_for(Mode mode, const Options& options) {
  const ModeRow& row = mode_row(mode);
  if (!row.interop_choices) {
    if (row.can_pipeline && options.bench_pipelined()) return {Variant{}, Variant{std::nullopt, std::nullopt, true}};
    return {Variant{}};
  }
  const std::vector<std::optional<SyncStrategy>> strategies = sync_strategies(options);
  const std::vector<bool> batching =
      options.interop_batch ? std::vector<bool>{*options.interop_batch} : std::vector<bool>{true, false};
  std::vector<Variant> variants;
  for (const bool batch : batching)
    for (const auto& sync : strategies) variants.push_back({sync, batch, false});
  if (options.bench_pipelined())
    for (const auto& sync : strategies) variants.push_back({sync, true, true});
  return variants;
}

std::string ratio(double fps, double baseline) {
  if (baseline <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", fps / baseline);
  return text;
}

// GPU work and GPU idle add up to the frame; "wait" is CPU-side time and overlaps them.
void print_table(const nlohmann::ordered_json& report) {
  std::printf("\n%-21s %8s %11s %8s %8s | %7s %7s %7s %7s | %7s %7s | %7s | %8s %8s\n", "mode", "fps",
              "fps min-max", "frame ms", "p95 ms", "render", "stereo", "effects", "compose", "GPU", "GPUidle", "CPU",
              "vs Scene", "vs CPU");
  for (const auto& m : report["modes"]) {
    const auto& s = m["stages_ms"];
    char spread[32];
    std::snprintf(spread, sizeof spread, "%.4g-%.4g", m["fps_spread"]["min"].get<double>(),
                  m["fps_spread"]["max"].get<double>());
    std::printf("%-21s %8.1f %11s %8.3f %8.3f | %7.3f %7.3f %7.3f %7.3f | %7.3f %7.3f | %7.3f | %8s %8s\n",
                m["label"].get<std::string>().c_str(), m["fps"].get<double>(), spread,
                m["frame_ms"]["median"].get<double>(), m["frame_ms"]["p95"].get<double>(), s["render"].get<double>(),
                s["stereogram"].get<double>(), s["effects"].get<double>(), s["compose"].get<double>(),
                m["gpu_work_ms"].get<double>(), m["gpu_idle_ms"].get<double>(), m["cpu_side_ms"].get<double>(),
                ratio(m["fps_vs_scene"].get<double>(), 1.0).c_str(), ratio(m["fps_vs_cpu"].get<double>(), 1.0).c_str());
  }
  std::printf("(medians in ms. GPU = GPU-timed stages (GL timer queries, OpenCL event profiling); GPUidle = frame - GPU,\n"
              " in GPU mode the GL<->CL hand-over; CPU = CPU-timed stages: readback/upload, CPU kernels, GPU mode's wait)\n");
}

// With frames in flight the frame time is the pace of submits; what a frame waits is its latency.
void print_latencies(const nlohmann::ordered_json& report) {
  const int in_flight = report["parameters"]["frames_in_flight"].get<int>();
  if (in_flight == 1) return;
  std::printf("\n%d frames in flight: latency from submit to done (ms)\n%-21s %8s %8s %8s\n", in_flight, "mode", "fps",
              "p50", "p95");
  for (const auto& m : report["modes"])
    std::printf("%-21s %8.1f %8.3f %8.3f\n", m["label"].get<std::string>().c_str(), m["fps"].get<double>(),
                m["latency_ms"]["median"].get<double>(), m["latency_ms"]["p95"].get<double>());
}

// The floors of the modes with a hand-over: GPU mode's for each sync strategy it was measured
// with, GPU (external memory) mode's. After the modes, so that their frames are not disturbed.
std::vector<BenchFloor> measure_floors(const Options& options, int frames, Engine& engine) {
  std::vector<BenchFloor> floors;
  const auto measure_one = [&](Mode mode, std::optional<SyncStrategy> sync) {
    BenchFloor& entry = floors.emplace_back(BenchFloor{mode, sync, std::nullopt, {}});
    Result<HandoverFloor> floor = engine.handover_floor(mode, sync, frames);
    if (floor) entry.floor = *floor;
    else entry.reason = floor.error();
  };
  for (const ModeRow& row : mode_table()) {
    if (!row.handover_floor) continue;
    if (!row.interop_choices) measure_one(row.mode, std::nullopt);
    else
      for (const auto& sync : sync_strategies(options)) measure_one(row.mode, sync);
  }
  return floors;
}

// Each floor, and how far above it the GPU idle of the frames with that hand-over is.
void print_floors(const nlohmann::ordered_json& report) {
  std::printf("\nhand-over floor = a frame that hands a 16x16 texture (gpu) or one float (gpu-extmem) GL -> OpenCL -> GL\n"
              "with nothing else to do, minus the same frame without the hand-over (medians; ms):\n");
  for (const auto& floor : report["handover_floors"]) {
    const std::string label = floor["label"].get<std::string>();
    if (floor.contains("skipped")) {
      std::printf("  %-21s skipped: %s\n", label.c_str(), floor["skipped"].get<std::string>().c_str());
      continue;
    }
    const double floor_ms = floor["floor_ms"].get<double>();
    std::printf("  %-21s %7.3f (round trip %.3f, GL only %.3f; queued, no CPU wait: %.3f)", label.c_str(), floor_ms,
                floor["round_trip_ms"].get<double>(), floor["gl_only_ms"].get<double>(),
                floor["queued_floor_ms"].get<double>());
    const char* separator = "; GPUidle above it:";
    for (const auto& m : report["modes"]) {
      if (m.value("handover_floor", "") != label) continue;
      std::printf("%s %s %+.3f", separator, m["label"].get<std::string>().c_str(),
                  m["gpu_idle_above_floor_ms"].get<double>());
      separator = ",";
    }
    std::printf("\n");
  }
}

// Atomically, like every output: a full disk or an interrupted run never leaves half a result.
Status write_json(const Options& options, const nlohmann::ordered_json& report) {
  return write_atomically(options.json_file, report.dump(2) + '\n', input_files(options));
}

}  // namespace

Result<QuickBench> bench_current_mode(Engine& engine, double seconds) {
  constexpr long long kChunk = 10;
  const bool panel = std::exchange(engine.settings().stage.show_panel, false);  // its histogram is not the mode's cost
  Status ran = run_frames(engine, kChunk, 1);  // warm-up: a mode just picked builds its kernels
  engine.timings() = StageTimings(0);
  QuickBench result;
  Stopwatch clock;
  double elapsed_ms = 0;
  while (ran && elapsed_ms < seconds * 1000.0) {
    ran = run_frames(engine, kChunk, 1);
    result.frames += kChunk;
    elapsed_ms += clock.lap();
  }
  result.fps = elapsed_ms > 0 ? static_cast<double>(result.frames) * 1000.0 / elapsed_ms : 0.0;
  result.frame_ms = engine.timings().frame_median();
  engine.timings() = StageTimings(kLiveTimingWindow);
  engine.settings().stage.show_panel = panel;
  if (!ran) return failure(ran.error());
  return result;
}

namespace {

// Whether a mode or variant can be measured here; if not, why.
Status measurable(const ModeRow& row, const Variant& variant, const Engine& engine) {
  if (const auto& reason = engine.modes().availability().reason(row.mode)) return failure(*reason);
  if (variant.sync) return sync_supported(*variant.sync, engine.modes().opencl_environment());
  return {};
}

int planned_measurements(const Options& options, const Engine& engine) {
  int planned = 0;
  for (const ModeRow& row : mode_table())
    for (const Variant& variant : variants_for(row.mode, options)) planned += measurable(row, variant, engine) ? 1 : 0;
  return planned;
}

// The default --bench takes minutes on a small machine (CPU mode at 1080p): after each
// measurement, the time the rest would take at the pace so far. Modes differ in speed, so it is
// a guide that gets better as it goes.
void say_time_left(double elapsed_ms, int done, int planned) {
  if (done <= 0 || done >= planned) return;
  const double left_s = elapsed_ms / 1000.0 / done * (planned - done);
  std::fprintf(stderr, "stereocl --bench: %d of %d measured in %.0f s; about %.0f s left at this pace\n", done, planned,
               elapsed_ms / 1000.0, left_s);
}

// What is measured, on what, and how many measurements that makes.
void print_header(const Options& options, const Engine& engine, long long frames, int planned) {
  std::printf("stereocl --bench: %dx%d scene, %lld frames per run, %d runs per mode (--size, --frames and "
              "--bench-repeat change these; the defaults are 1920x1080, 500 and 3), P=%d, M=%g, effect %s\n",
              engine.sources().scene_size().width, engine.sources().scene_size().height, frames, options.bench_repeat,
              engine.settings().look.stereogram.pattern_width, engine.settings().look.stereogram.max_offset,
              std::string(effect_name(engine.settings().look.effect.effect)).c_str());
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  std::printf("GL: %s | OpenCL: %s | GL sharing: %s\n", renderer ? renderer : "?", engine.modes().opencl_description().c_str(),
              engine.modes().gl_sharing() ? "yes" : "no");
  std::fprintf(stderr, "stereocl --bench: %d measurements (modes and hand-over variants), %d run%s of %lld frames each\n",
               planned, options.bench_repeat, options.bench_repeat == 1 ? "" : "s", frames);
}

}  // namespace

int run_bench(const Options& options, Engine& engine) {
  const long long frames = options.frames.value_or(500);
  const int planned = planned_measurements(options, engine);
  print_header(options, engine, frames, planned);
  std::vector<BenchModeResult> results;
  std::vector<BenchSkip> skipped;
  Stopwatch elapsed;
  for (const ModeRow& row : mode_table()) {
    for (const Variant& variant : variants_for(row.mode, options)) {
      if (const Status can = measurable(row, variant, engine); !can) {
        std::printf("%-21s skipped: %s\n", bench_label(row.mode, variant.sync, variant.batch, variant.pipeline).c_str(),
                    can.error().c_str());
        skipped.push_back({row.mode, variant.sync, variant.batch, variant.pipeline, can.error()});
        continue;
      }
      Result<BenchModeResult> measured =
          measure(row.mode, variant, options, frames, engine);
      if (!measured) {
        std::fprintf(stderr, "stereocl: %s mode failed: %s\n", std::string(row.display_name).c_str(),
                     as_flags(measured.error()).c_str());
        return 1;
      }
      results.push_back(*measured);
      say_time_left(elapsed.elapsed(), static_cast<int>(results.size()), planned);
    }
  }
  // The floor's frames write their index as a float, which is exact up to 2^24; far fewer do.
  const std::vector<BenchFloor> floors = measure_floors(options, static_cast<int>(std::min(frames, 100000LL)), engine);
  const nlohmann::ordered_json report = bench_report(options, engine, results, skipped, floors);
  print_table(report);
  print_latencies(report);
  print_floors(report);
  if (options.json_file.empty()) return 0;
  if (const Status written = write_json(options, report); !written) {
    say_on_stderr(written.error());
    return 1;
  }
  return 0;
}

}  // namespace stereocl
