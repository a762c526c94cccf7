#include "app/bench.hpp"

#include "core/stopwatch.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

namespace stereocl {
namespace {

struct ModeResult {
  Mode mode;
  double fps = 0;
  double frame_median_ms = 0;
  double frame_p95_ms = 0;
  std::array<double, kStageCount> stage_median_ms{};
};

// A benchmark frame ends when the GPU has finished it (glFinish), so every mode's frame time is
// the same thing: from starting the frame to its picture being complete. Nothing is presented:
// the window is hidden, and on a headless server a swap is a copy through the X server that
// would swamp what we measure.
Status run_frames(Demo& demo, long long count) {
  Stopwatch clock;
  for (long long i = 0; i < count; ++i) {
    glfwPollEvents();
    if (Status drawn = demo.render_frame(1.0 / 60.0); !drawn) return drawn;
    glFinish();
    demo.end_frame(clock.lap());
  }
  return {};
}

Result<ModeResult> measure(Mode mode, long long frames, Demo& demo) {
  demo.settings().mode = mode;
  // warm-up: kernels built, caches and clocks up
  if (Status warmed = run_frames(demo, std::clamp(frames / 5, 20LL, 200LL)); !warmed) return failure(warmed.error());
  demo.reset_timings(0);
  Stopwatch clock;
  if (Status ran = run_frames(demo, frames); !ran) return failure(ran.error());
  const double seconds = clock.lap() / 1000.0;

  ModeResult result{mode};
  result.fps = seconds > 0 ? static_cast<double>(frames) / seconds : 0.0;
  result.frame_median_ms = demo.timings().frame_median();
  result.frame_p95_ms = demo.timings().frame_percentile(0.95);
  for (std::size_t i = 0; i < kStageCount; ++i) result.stage_median_ms[i] = demo.timings().stage_median(kAllStages[i]);
  return result;
}

double fps_of(const std::vector<ModeResult>& results, Mode mode) {
  for (const auto& result : results)
    if (result.mode == mode) return result.fps;
  return 0.0;
}

std::string ratio(double fps, double baseline) {
  if (baseline <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", fps / baseline);
  return text;
}

// Every mode that can run here, measured in the mode table's order; fails at the first mode that cannot make a frame.
Result<std::vector<ModeResult>> measure_every_mode(long long frames, Demo& demo) {
  std::vector<ModeResult> results;
  for (const ModeRow& row : mode_table()) {
    if (!demo.availability().available(row.mode)) {
      std::printf("%-13s skipped: %s\n", std::string(row.display_name).c_str(), demo.availability().reason(row.mode)->c_str());
      continue;
    }
    Result<ModeResult> measured = measure(row.mode, frames, demo);
    if (!measured) return failure(std::string(row.display_name) + " mode failed: " + measured.error());
    results.push_back(*measured);
  }
  return results;
}

void print_table(const std::vector<ModeResult>& results) {
  const double scene_fps = fps_of(results, Mode::scene), cpu_fps = fps_of(results, Mode::cpu);
  std::printf("\n%-13s %9s %9s %9s | %8s %8s %10s %8s %8s | %8s %8s\n", "mode", "fps", "frame ms", "p95 ms",
              "render", "transfer", "stereogram", "effects", "compose", "vs Scene", "vs CPU");
  for (const auto& r : results) {
    std::printf("%-13s %9.1f %9.3f %9.3f | %8.3f %8.3f %10.3f %8.3f %8.3f | %8s %8s\n",
                std::string(mode_cli_name(r.mode)).c_str(), r.fps, r.frame_median_ms, r.frame_p95_ms,
                r.stage_median_ms[0], r.stage_median_ms[1], r.stage_median_ms[2], r.stage_median_ms[3],
                r.stage_median_ms[4], ratio(r.fps, scene_fps).c_str(), ratio(r.fps, cpu_fps).c_str());
  }
  std::printf("(stage times: medians in ms; GL timer queries, OpenCL event profiling, CPU timers)\n");
}

Status write_json(const std::string& path, const std::vector<ModeResult>& results, const Demo& demo, long long frames,
                  const char* renderer) {
  const double scene_fps = fps_of(results, Mode::scene), cpu_fps = fps_of(results, Mode::cpu);
  nlohmann::json json;
  json["gl_renderer"] = renderer ? renderer : "";
  const auto* environment = demo.opencl_environment();
  json["cl_platform"] = environment ? environment->platform_name : "";
  json["cl_device"] = environment ? environment->device_name : "";
  json["gl_sharing"] = demo.gl_sharing();
  json["size"] = {demo.scene_width(), demo.scene_height()};
  json["pattern_width"] = demo.settings().stereogram.pattern_width;
  json["max_offset"] = demo.settings().stereogram.max_offset;
  json["frames"] = frames;
  json["effect"] = effect_name(demo.settings().effect.effect);
  json["modes"] = nlohmann::json::array();
  for (const auto& r : results) {
    nlohmann::json stages;
    for (std::size_t i = 0; i < kStageCount; ++i) stages[std::string(stage_name(kAllStages[i]))] = r.stage_median_ms[i];
    json["modes"].push_back({{"mode", mode_cli_name(r.mode)},
                             {"fps", r.fps},
                             {"fps_vs_scene", scene_fps > 0 ? r.fps / scene_fps : 0.0},
                             {"fps_vs_cpu", cpu_fps > 0 ? r.fps / cpu_fps : 0.0},
                             {"frame_ms", {{"median", r.frame_median_ms}, {"p95", r.frame_p95_ms}}},
                             {"stages_ms", stages}});
  }
  std::ofstream file(path);
  file << json.dump(2) << '\n';
  if (!file) return failure(path + ": cannot write the JSON file");
  return {};
}

}  // namespace

int run_bench(const Options& options, Demo& demo) {
  const long long frames = options.frames.value_or(500);
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  std::printf("stereocl --bench: %dx%d scene, P=%d, M=%g, %lld frames per mode, effect %s\n", demo.scene_width(),
              demo.scene_height(), demo.settings().stereogram.pattern_width, demo.settings().stereogram.max_offset,
              frames, std::string(effect_name(demo.settings().effect.effect)).c_str());
  std::printf("GL: %s | OpenCL: %s | GL sharing: %s\n", renderer ? renderer : "?", demo.opencl_description().c_str(),
              demo.gl_sharing() ? "yes" : "no");
  const Result<std::vector<ModeResult>> results = measure_every_mode(frames, demo);
  if (!results) {
    std::fprintf(stderr, "stereocl: %s\n", results.error().c_str());
    return 1;
  }
  print_table(*results);
  if (options.json_file.empty()) return 0;
  if (const Status written = write_json(options.json_file, *results, demo, frames, renderer); !written) {
    std::fprintf(stderr, "stereocl: %s\n", written.error().c_str());
    return 1;
  }
  return 0;
}

}  // namespace stereocl
