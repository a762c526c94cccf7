#include "bench/bench_report.hpp"

#include "compute/stereogram/algorithm_table.hpp"
#include "config/settings_table.hpp"
#include "core/thread_count.hpp"
#include "pipeline/mode_table.hpp"

#include <glad/gl.h>
#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>

#ifndef STEREOCL_VERSION_TEXT
#define STEREOCL_VERSION_TEXT "unknown"
#endif
#ifndef STEREOCL_GIT_DESCRIBE
#define STEREOCL_GIT_DESCRIBE "unknown"
#endif

namespace stereocl {
namespace {

using json = nlohmann::ordered_json;  // fields in the order written: context first, as people read it

std::string utc_timestamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
  }
  return "unknown";  // not Linux on x86, or /proc is missing
}

json system_block() {
  utsname names{};
  const bool known = uname(&names) == 0;
  return {{"os", known ? names.sysname : "unknown"},
          {"kernel", known ? names.release : "unknown"},
          {"kernel_build", known ? names.version : "unknown"},
          {"machine", known ? names.machine : "unknown"},
          {"cpu_model", cpu_model()},
          {"cpu_threads", resolve_thread_count(0)}};
}

std::string gl_string(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text ? text : "";
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\0' || text.back() == ' ')) text.pop_back();
  return text;
}

json device_json(const cl::Device& device, const ClEnvironment* used) {
  const bool is_used = used && used->device() == device();
  return {{"name", trimmed(device.getInfo<CL_DEVICE_NAME>())},
          {"version", trimmed(device.getInfo<CL_DEVICE_VERSION>())},
          {"driver_version", trimmed(device.getInfo<CL_DRIVER_VERSION>())},
          {"compute_units", device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()},
          {"used", is_used},
          {"shares_with_gl", is_used && used->shares_gl}};
}

// Every platform and device, not just the one used: a result is only comparable when one
// knows what else was installed (an ICD that shadows another, a second GPU).
json opencl_block(const Engine& engine) {
  const ClEnvironment* used = engine.modes().opencl_environment();
  json platforms = json::array();
  std::vector<cl::Platform> found;
  try {
    cl::Platform::get(&found);
  } catch (const cl::Error&) {
    found.clear();
  }
  for (const cl::Platform& platform : found) {
    json devices = json::array();
    std::vector<cl::Device> platform_devices;
    try {
      platform.getDevices(CL_DEVICE_TYPE_ALL, &platform_devices);
    } catch (const cl::Error&) {
      platform_devices.clear();
    }
    for (const cl::Device& device : platform_devices) devices.push_back(device_json(device, used));
    platforms.push_back({{"name", trimmed(platform.getInfo<CL_PLATFORM_NAME>())},
                         {"vendor", trimmed(platform.getInfo<CL_PLATFORM_VENDOR>())},
                         {"version", trimmed(platform.getInfo<CL_PLATFORM_VERSION>())},
                         {"devices", devices}});
  }
  return {{"platforms", platforms},
          {"platform", used ? used->platform_name : ""},
          {"device", used ? used->device_name : ""},
          {"gl_sharing", engine.modes().gl_sharing()},
          {"gl_events", used && used->gl_events},
          {"description", engine.modes().opencl_description()}};
}

// Options as the run had them: the scene's size, the Engine's picture settings, the threads CPU
// mode ran on, the frames of each run and the GL passes that ran where GL lacks the ones asked for.
Options as_run(const Options& options, const Engine& engine) {
  Options run = options;
  const DemoSettings& settings = engine.settings();
  run.size = Size{engine.sources().scene_size().width, engine.sources().scene_size().height};
  run.look = settings.look;
  // --algorithm's, though the last mode measured may have run one of its own (its entry says so).
  run.look.stereogram.algorithm = options.look.stereogram.algorithm;
  run.cpu_threads = resolve_thread_count(options.cpu_threads);
  run.frames = options.frames.value_or(kBenchFrames);
  if (!SceneRenderer::z_only_available()) run.passes.depth_pass = DepthPass::shaded;
  if (!StereogramCompositor::compute_available()) run.passes.compose = ComposePass::fragment;
  return run;
}

json parameters_block(const Options& options, const Engine& engine) {
  json block = setting_fields(as_run(options, engine));
  block["depth_source"] = depth_source_row(engine.settings().depth_source).name;
  block["pipeline"] = options.bench_pipelined();
  block["frame_end"] = options.frames_in_flight == 1
                           ? "each frame waited for (a fence, as glFinish), nothing presented, vsync off"
                           : "a fence per frame, waited for once frames_in_flight are unfinished; nothing presented, "
                             "vsync off";
  return block;
}

json kernels_block(const Options& options) {
  return {{"stereogram", options.fast_stereogram_kernel ? "fast" : "classic"},
          {"stereogram_algorithm", options.fast_stereogram_kernel
                                       ? "work-group per row, independent pixel bands side by side"
                                       : "one work-item walks a whole row (the original article)"},
          {"sobel", "3x3, |gx|+|gy| >> 3, 128-bit loads where the width is a multiple of 16"},
          {"blur", "box blur, one kernel per call, cost nearly independent of the radius"},
          {"histogram", "256 bins, per-work-group local histograms merged atomically"}};
}

std::string environment_or(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

json cpu_implementation_block(const Options& options) {
  const int threads = resolve_thread_count(options.cpu_threads);
  return {{"effects", "OpenMP (GCC libgomp), rows split statically over " + std::to_string(threads) +
                          " threads; bit-exact with the single-threaded references"},
          {"stereogram", "OpenMP (GCC libgomp) over " + std::to_string(threads) +
                             " threads: the lookup's rows split statically, the symmetric algorithm's 4 at a time"},
          {"threads", threads},
          // Spinning versus sleeping at OpenMP barriers changes CPU mode a lot on a busy machine.
          {"omp_wait_policy", environment_or("OMP_WAIT_POLICY", "libgomp default")}};
}

json stats_json(std::vector<double> values) {
  if (values.empty()) return {{"min", 0.0}, {"median", 0.0}, {"p95", 0.0}, {"max", 0.0}};
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  return {{"min", *low}, {"max", *high}, {"median", median_of(values)}, {"p95", percentile_of(values, 0.95)}};
}

double fps_of(const BenchModeResult& result) { return median_of(result.run_fps); }

double fps_of_mode(const std::vector<BenchModeResult>& results, Mode mode) {
  for (const auto& result : results)
    if (result.mode == mode) return fps_of(result);
  return 0.0;
}

json mode_json(const BenchModeResult& r, double scene_fps, double cpu_fps, const BenchFloor* floor) {
  json stages, sides;
  double gpu_work = 0, cpu_side = 0;
  for (std::size_t i = 0; i < kStageCount; ++i) {
    const std::string name(stage_name(kAllStages[i]));
    const bool gpu = stage_is_gpu_side(r.mode, kAllStages[i]);
    stages[name] = r.stage_median_ms[i];
    sides[name] = gpu ? "gpu" : "cpu";
    (gpu ? gpu_work : cpu_side) += r.stage_median_ms[i];
  }
  const double fps = fps_of(r), frame_median = median_of(r.frame_ms);
  json spread = stats_json(r.run_fps);
  spread.erase("p95");
  const double gpu_idle = std::max(0.0, frame_median - gpu_work);
  json entry = {{"mode", mode_cli_name(r.mode)},
              {"label", bench_label(r.mode, r.sync, r.batch, r.pipeline)},
              {"interop_sync", r.sync ? json(sync_strategy_name(*r.sync)) : json(nullptr)},
              {"interop_batch", r.batch ? json(*r.batch) : json(nullptr)},
              {"pipeline", r.pipeline ? json(*r.pipeline) : json(nullptr)},
              {"fps", fps},
              {"fps_runs", r.run_fps},
              {"fps_spread", spread},
              {"fps_vs_scene", scene_fps > 0 ? fps / scene_fps : 0.0},
              {"fps_vs_cpu", cpu_fps > 0 ? fps / cpu_fps : 0.0},
              {"frame_ms", stats_json(r.frame_ms)},
              {"latency_ms", stats_json(r.latency_ms)},
              {"stages_ms", stages},
              {"stage_sides", sides},
              {"gpu_work_ms", gpu_work},
              {"cpu_side_ms", cpu_side},
              {"gpu_idle_ms", gpu_idle}};
  if (mode_row(r.mode).makes_stereogram) entry["algorithm"] = stereogram_algorithm_name(r.algorithm);
  if (floor) {
    entry["handover_floor"] = bench_label(floor->mode, floor->sync);
    entry["gpu_idle_above_floor_ms"] = gpu_idle - floor->floor->floor_ms();
  }
  return entry;
}

json floor_json(const BenchFloor& floor) {
  json entry = {{"mode", mode_cli_name(floor.mode)},
                {"label", bench_label(floor.mode, floor.sync)},
                {"interop_sync", floor.sync ? json(sync_strategy_name(*floor.sync)) : json(nullptr)}};
  if (!floor.floor) {
    entry["skipped"] = floor.reason;
    return entry;
  }
  entry["floor_ms"] = floor.floor->floor_ms();
  entry["round_trip_ms"] = floor.floor->round_trip_ms;
  entry["gl_only_ms"] = floor.floor->gl_only_ms;
  entry["frames"] = floor.floor->frames;
  entry["queued_floor_ms"] = floor.floor->queued_floor_ms();
  entry["queued_round_trip_ms"] = floor.floor->queued_round_trip_ms;
  entry["queued_gl_only_ms"] = floor.floor->queued_gl_only_ms;
  return entry;
}

// A setting's text as JSON: a number, a flag's boolean, a size's [width, height], else the text
// (and where a text does not read as its kind, which its row's accessor never writes, the text).
json setting_json(const Setting& row, const std::string& text) {
  if (text.empty() && row.kind != SettingKind::text) return nullptr;
  if (row.kind == SettingKind::integer)
    if (const Result<long long> number = whole_number(row, text)) return *number;
  if (row.kind == SettingKind::real)
    if (const Result<double> number = real_number(row, text)) return *number;
  if (row.kind == SettingKind::size)
    if (const Result<Size> size = parse_size(text)) return json::array({size->width, size->height});
  if (row.kind == SettingKind::flag) return text == "true";
  return text;
}

}  // namespace

nlohmann::ordered_json setting_fields(const Options& reported) {
  json fields = json::object();
  for (const Setting& row : settings_table())
    if (!row.json.empty()) fields[std::string(row.json)] = setting_json(row, row.access.text(row, reported));
  return fields;
}

std::string bench_label(Mode mode, const std::optional<SyncStrategy>& sync, const std::optional<bool>& batch,
                        const std::optional<bool>& pipeline) {
  std::string label(mode_cli_name(mode));
  if (sync) label += "/" + std::string(sync_strategy_name(*sync));
  if (batch && !*batch) label += "/steps";
  if (pipeline && *pipeline) label += "/pipeline";
  return label;
}

const BenchFloor* floor_of_frames(const BenchModeResult& result, const std::vector<BenchFloor>& floors,
                                  const DemoSettings& settings) {
  if (result.batch == false) return nullptr;
  if (result.mode == Mode::gpu_extmem &&
      (settings.look.effect.effect != nullptr || !depth_source_row(settings.depth_source).animated()))
    return nullptr;
  for (const BenchFloor& floor : floors)
    if (floor.mode == result.mode && floor.sync == result.sync) return floor.floor ? &floor : nullptr;
  return nullptr;
}

bool stage_is_gpu_side(Mode mode, Stage stage) {
  switch (stage) {
    case Stage::render: return true;
    case Stage::transfer: return false;  // readback/upload wall time, or GPU mode's wait in the hand-over
    case Stage::compose:  // CPU mode composes on the host with its stereogram
    case Stage::stereogram:
    case Stage::effects:
    case Stage::histogram: return !mode_row(mode).kernels_on_cpu;
  }
  return false;
}

json bench_report(const Options& options, const Engine& engine, const std::vector<BenchModeResult>& results,
                  const std::vector<BenchSkip>& skipped, const std::vector<BenchFloor>& floors) {
  json report;
  report["schema_version"] = kBenchSchemaVersion;
  report["stereocl"] = {{"version", STEREOCL_VERSION_TEXT}, {"git_describe", STEREOCL_GIT_DESCRIBE}};
  report["timestamp_utc"] = utc_timestamp();
  report["system"] = system_block();
  report["gl"] = {{"vendor", gl_string(GL_VENDOR)},
                  {"renderer", gl_string(GL_RENDERER)},
                  {"version", gl_string(GL_VERSION)},
                  {"glsl_version", gl_string(GL_SHADING_LANGUAGE_VERSION)}};
  report["opencl"] = opencl_block(engine);
  report["kernels"] = kernels_block(options);
  report["parameters"] = parameters_block(options, engine);
  report["cpu_implementation"] = cpu_implementation_block(options);
  // The modes as this build has them: their order and what --bench measures of each, for
  // stereocl-compare and anyone reading the file without the source.
  report["mode_table"] = json::array();
  for (const ModeRow& row : mode_table())
    report["mode_table"].push_back({{"mode", row.cli_name},
                                    {"display_name", row.display_name},
                                    {"makes_stereogram", row.makes_stereogram},
                                    {"can_pipeline", row.can_pipeline},
                                    {"interop_choices", row.interop_choices},
                                    {"handover_floor", row.handover_floor}});
  report["skipped"] = json::array();
  for (const auto& skip : skipped)
    report["skipped"].push_back({{"mode", mode_cli_name(skip.mode)}, {"label", bench_label(skip.mode, skip.sync, skip.batch, skip.pipeline)},
                                 {"reason", skip.reason}});
  const double scene_fps = fps_of_mode(results, Mode::scene), cpu_fps = fps_of_mode(results, Mode::cpu);
  report["modes"] = json::array();
  for (const auto& result : results)
    report["modes"].push_back(mode_json(result, scene_fps, cpu_fps, floor_of_frames(result, floors, engine.settings())));
  report["handover_floors"] = json::array();
  for (const auto& floor : floors) report["handover_floors"].push_back(floor_json(floor));
  return report;
}

}  // namespace stereocl
