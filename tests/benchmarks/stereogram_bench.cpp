// The stereogram offsets kernels at a CI-sized frame, 1080p and 4K, P=85 M=30, timed by
// time_call() (profiled device time, or wall clock per call with --per-call). Bytes are what any
// implementation must move: the depth in, the offsets out. Named stereogram/<kind>/<W>x<H>, like
// the other benchmarks, so --benchmark_filter=1920x1080 picks every 1080p benchmark.
#include "../depth_scenes.hpp"
#include "../random_images.hpp"
#include "bench_device.hpp"
#include "compute/stereogram/compose_cpu.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "compute/stereogram/symmetric_cpu.hpp"
#include "compute/stereogram/symmetric_fast_cpu.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "core/image.hpp"
#include "core/thread_count.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstdio>
#include <random>
#include <string>
#include <tuple>
#include <utility>

namespace stereocl::bench {
namespace {

// Depth away from 0 and 1 so every pixel takes the interpolating path, as real scenes do.
DepthImage random_depth(int width, int height) {
  DepthImage depth(width, height);
  std::mt19937 generator(7u);
  std::uniform_real_distribution<float> uniform(0.05f, 0.95f);
  for (float& d : depth.pixels) d = uniform(generator);
  return depth;
}

void stereogram(benchmark::State& state, StereogramKernelKind kind, int width, int height) {
  auto& cl = device();
  const StereogramParams params{85, 30.f};
  StereogramKernel kernel(cl.programs, kind);
  // Shape sweeps for tuning (docs/performance.md): STEREOCL_FAST_SHAPE="max lanes,lane multiple,
  // group size,max rows,stage size", e.g. "256,32,64,8,1024".
  if (const char* shape = std::getenv("STEREOCL_FAST_SHAPE")) {
    StereogramKernel::FastShape forced;
    std::sscanf(shape, "%d,%d,%d,%d,%d", &forced.max_lanes_per_row, &forced.lane_multiple, &forced.target_group_size,
                &forced.max_rows_per_group, &forced.target_stage_size);
    kernel.force_fast_shape(forced);
  }

  const cl::ImageFormat format(CL_R, CL_FLOAT);
  DepthImage depth = random_depth(width, height);
  const cl::Image2D depth_image(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, width, height, 0,
                                depth.pixels.data());
  const cl::Image2D offsets_image(cl.context, CL_MEM_WRITE_ONLY, format, width + params.pattern_width, height);
  kernel.enqueue(cl.queue, depth_image, offsets_image, width, height, params).wait();  // first launch pays for setup

  double kernel_seconds = 0;
  for (auto _ : state) {
    const double seconds =
        time_call([&] { return std::vector<cl::Event>{kernel.enqueue(cl.queue, depth_image, offsets_image, width, height, params)}; });
    kernel_seconds += seconds;
    state.SetIterationTime(seconds);
  }
  const double frames = static_cast<double>(state.iterations());
  const double pixels = static_cast<double>(width) * height;
  const double bytes = (pixels + static_cast<double>(width + params.pattern_width) * height) * sizeof(float);
  state.counters["Mpixel/s"] = frames * pixels / kernel_seconds / 1e6;
  state.counters["GB/s"] = frames * bytes / kernel_seconds / 1e9;
  state.SetLabel("P=85 M=30");
}

// The symmetric kernel: depth in, one coordinate per pixel out (no P-wide strip). Random depth
// is its worst case (few links, many small groups, deep phase trees); "sphere" is a smooth
// hemisphere on a ramp, closer to what the demo's scene shows. Random dots anchor their groups'
// colours; "flowing" carries the phase as image patterns do, the kernel's slower path.
void symmetric(benchmark::State& state, int width, int height, int oversample, bool smooth, GroupColour colour) {
  auto& cl = device();
  ProgramBuilder builder(cl.context, cl.device);
  const char* tuning_options = std::getenv("STEREOCL_KERNEL_OPTIONS");
  const char* source_directory = std::getenv("STEREOCL_KERNEL_DIR");
  builder.tune(tuning_options ? tuning_options : "", source_directory ? source_directory : "");
  SymmetricParams params = symmetric_params_from_pixels(85, 30.f, oversample);
  params.group_colour = colour;
  SymmetricStereogramKernel kernel(builder, params);
  for (const std::string& log : builder.take_build_logs()) std::fprintf(stderr, "%s\n", log.c_str());
  // Work-group size sweeps for tuning (docs/performance.md): STEREOCL_SYMMETRIC_GROUP_SIZE=128, 192, ...
  if (const char* lanes = std::getenv("STEREOCL_SYMMETRIC_GROUP_SIZE"))
    kernel.force_group_size(static_cast<std::size_t>(std::atoi(lanes)));

  const cl::ImageFormat format(CL_R, CL_FLOAT);
  DepthImage depth = smooth ? testing::sphere_on_ramp_depth(width, height) : random_depth(width, height);
  const cl::Image2D depth_image(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, width, height, 0,
                                depth.pixels.data());
  const cl::Image2D coordinates_image(cl.context, CL_MEM_WRITE_ONLY, format, width, height);
  kernel.enqueue(cl.queue, depth_image, coordinates_image, width, height).wait();

  double kernel_seconds = 0;
  for (auto _ : state) {
    const double seconds = time_call(
        [&] { return std::vector<cl::Event>{kernel.enqueue(cl.queue, depth_image, coordinates_image, width, height)}; });
    kernel_seconds += seconds;
    state.SetIterationTime(seconds);
  }
  const double pixels = static_cast<double>(width) * height;
  state.counters["Mpixel/s"] = static_cast<double>(state.iterations()) * pixels / kernel_seconds / 1e6;
  state.SetLabel(std::string("P=85 M=30 oversample ") + std::to_string(oversample) +
                 (kernel.runs_in_local_memory(width) ? " local" : " global") + " lanes " + std::to_string(kernel.group_size()));
}

// The same on all CPU cores (OpenMP), wall clock: what CPU mode would pay.
void symmetric_cpu(benchmark::State& state, int width, int height) {
  const SymmetricPlan plan = make_symmetric_plan(symmetric_params_from_pixels(85, 30.f));
  const DepthImage depth = random_depth(width, height);
  OffsetImage coordinates;
  for (auto _ : state) {
    symmetric_coordinates_parallel(depth, plan, 0, coordinates);
    benchmark::DoNotOptimize(coordinates.pixels.data());
  }
  state.counters["Mpixel/s"] = benchmark::Counter(static_cast<double>(state.iterations()) * width * height / 1e6,
                                                  benchmark::Counter::kIsRate);
  state.SetLabel("P=85 M=30, all cores");
}

// The separations pamstereogram -dpi 72 -eyesep 2.5 -depth 0.5 draws with (90 pixels far, 60
// near), hashed dots.
SymmetricPlan pamstereogram_plan() {
  SymmetricParams params;
  params.geometry = PhysicalGeometry{72.0, 2.5 * 25.4, 0.5};
  params.group_colour = GroupColour::hashed;
  return make_symmetric_plan(params);
}

// One thread (or all, "fast" only) on a 1080p map at pamstereogram's separations: the cost per
// pixel and core to set beside pamstereogram's (docs/performance.md §44, §65). "reference" is the
// readable oracle (symmetric_cpu.hpp), "fast" what CPU mode and stills run, "fast-baseline" its
// build for baseline x86-64 where the CPU has more (core/simd_level.hpp); "sphere" a smooth
// surface (depth_scenes.hpp), "random" a step at every pixel.
void symmetric_cpu_threads(benchmark::State& state, bool fast, SimdLevel simd, bool smooth, int threads) {
  const SymmetricPlan plan = pamstereogram_plan();
  const DepthImage depth = smooth ? testing::sphere_on_ramp_depth(1920, 1080) : random_depth(1920, 1080);
  OffsetImage coordinates(depth.width, depth.height);
  for (auto _ : state) {
    if (fast)
      symmetric_coordinates_parallel(depth, plan, threads, coordinates, 0, simd);
    else
      coordinates = symmetric_coordinates_reference(depth, plan);
    benchmark::DoNotOptimize(coordinates.pixels.data());
  }
  // Seconds of wall clock per pixel (printed with an SI prefix: "13.5n" is 13.5 ns); times the
  // threads for the cost per pixel and core.
  state.counters["s/pixel"] = benchmark::Counter(static_cast<double>(depth.width) * depth.height,
                                                 benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel("90 far, 60 near, " + std::to_string(resolve_thread_count(threads)) + " thread(s)");
}

// CPU mode's compose on one thread: the fast engine's coordinates of the 1080p sphere (as above)
// through a 90-column pattern into a picture, whole pixels as the symmetric engine's are shown,
// in the build this CPU runs and the baseline one.
void compose_cpu(benchmark::State& state, SimdLevel simd, PatternSampling sampling) {
  const SymmetricPlan plan = pamstereogram_plan();
  const DepthImage depth = testing::sphere_on_ramp_depth(1920, 1080);
  OffsetImage coordinates;
  symmetric_coordinates_parallel(depth, plan, 0, coordinates);
  const RgbaImage pattern = testing::random_rgba(plan.pattern_columns, 128, 3u);
  RgbaImage picture;
  for (auto _ : state) {
    compose_rows(coordinates, pattern, sampling, 0, 1, picture, simd);
    benchmark::DoNotOptimize(picture.pixels.data());
  }
  state.counters["s/pixel"] = benchmark::Counter(
      static_cast<double>(depth.width) * depth.height,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

const bool registered = [] {
  for (const auto& [kind, kind_name] : {std::pair{StereogramKernelKind::classic, "classic"},
                                        std::pair{StereogramKernelKind::fast, "fast"}}) {
    for (const auto& [width, height] : {std::pair{256, 64}, std::pair{1920, 1080}, std::pair{3840, 2160}}) {
      const std::string name = std::string("stereogram/") + kind_name + "/" + std::to_string(width) + "x" +
                               std::to_string(height);
      benchmark::RegisterBenchmark(name.c_str(), stereogram, kind, width, height)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
    }
  }
  for (const auto& [width, height] : {std::pair{256, 64}, std::pair{1920, 1080}, std::pair{3840, 2160}}) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    constexpr auto random_dots = GroupColour::hashed;  // the demo's
    for (const auto& [variant, oversample, smooth, colour] :
         {std::tuple{"symmetric", 1, false, random_dots}, std::tuple{"symmetric-flowing", 1, false, GroupColour::flowing},
          std::tuple{"symmetric-sphere", 1, true, random_dots}, std::tuple{"symmetric-x4", 4, false, random_dots}})
      benchmark::RegisterBenchmark((std::string("stereogram/") + variant + "/" + size).c_str(), symmetric, width,
                                   height, oversample, smooth, colour)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("stereogram/symmetric-cpu/" + size).c_str(), symmetric_cpu, width, height)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
  const SimdLevel best = host_simd_level();
  for (const auto& [variant, fast, simd, threads] :
       {std::tuple{"one-thread/reference", false, best, 1}, std::tuple{"one-thread/fast", true, best, 1},
        std::tuple{"one-thread/fast-baseline", true, SimdLevel::baseline, 1},
        std::tuple{"all-threads/fast", true, best, 0}})
    for (const bool smooth : {true, false})
      benchmark::RegisterBenchmark((std::string("stereogram/symmetric-cpu-") + variant + (smooth ? "/sphere" : "/random") +
                                    "/1920x1080").c_str(),
                                   symmetric_cpu_threads, fast, simd, smooth, threads)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  for (const auto& [variant, simd] :
       {std::pair{"one-thread", best}, std::pair{"one-thread-baseline", SimdLevel::baseline}})
    for (const auto& [sampling_name, sampling] :
         {std::pair{"whole", PatternSampling::whole_pixels}, std::pair{"linear", PatternSampling::linear}})
      benchmark::RegisterBenchmark((std::string("stereogram/compose-cpu-") + variant + "/" + sampling_name +
                                    "/sphere/1920x1080").c_str(),
                                   compose_cpu, simd, sampling)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  // The curve between one thread and all: where a host's cores stop adding speed (its clock with
  // more of them busy, threads sharing a core) shows between these, not in the engine.
  for (const int threads : {2, 4, 8})
    benchmark::RegisterBenchmark(("stereogram/symmetric-cpu-threads/fast/sphere/1920x1080/" + std::to_string(threads)).c_str(),
                                 symmetric_cpu_threads, true, host_simd_level(), true, threads)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace stereocl::bench
