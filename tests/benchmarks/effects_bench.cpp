// Sobel, box blur and histogram kernels, timed per call by time_call() (bench_device.hpp): OpenCL
// event profiling by default, wall clock per call with --per-call (manual time either way).
// GB/s counts the bytes any implementation must move: the input read once and the outputs
// written once (a blur's row-sum scratch is not counted, so its GB/s is comparable to a copy).
// "of_copy" holds that rate against a device buffer copy moving as many bytes (half read, half
// written), timed the same way in the same process: how close to the memory limit each kernel runs.
// Inputs are random, and each iteration works on the next of several buffer sets whose total
// exceeds a GPU's last-level cache, so a small input is not timed straight out of L2.
#include "bench_device.hpp"
#include "compute/effects/blur_kernel.hpp"
#include "compute/effects/histogram_kernel.hpp"
#include "compute/effects/sobel_kernel.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace stereocl::bench {
namespace {

// Over twice a datacentre GPU's L2: rotating through this much evicts the previous iteration's.
constexpr std::size_t cache_defeating_bytes = std::size_t{128} << 20;

std::size_t rotation_count(std::size_t bytes_per_set) {
  const std::size_t sets = (cache_defeating_bytes + bytes_per_set - 1) / bytes_per_set;
  // One set already larger than the cache needs no partner: every call streams from memory anyway.
  if (bytes_per_set >= cache_defeating_bytes) return 1;
  return std::clamp<std::size_t>(sets, 2, 8);
}

// Random bytes, never an all-zero buffer that a compressing memory system could shortcut.
std::vector<std::uint8_t> random_bytes(std::size_t count, std::uint64_t seed) {
  std::vector<std::uint8_t> bytes(count);
  std::mt19937_64 random(seed);
  for (std::size_t i = 0; i < count; i += sizeof(std::uint64_t)) {
    const std::uint64_t word = random();
    std::memcpy(bytes.data() + i, &word, std::min(sizeof(word), count - i));
  }
  return bytes;
}

cl::Buffer device_copy(const std::vector<std::uint8_t>& bytes) {
  return cl::Buffer(device().context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(),
                    const_cast<std::uint8_t*>(bytes.data()));
}

// Times the state's iterations, each one call of `run` (returning its events) on the next of
// `sets` in turn, and returns their seconds summed.
template <class Set, class Run>
double time_rotating(benchmark::State& state, const std::vector<Set>& sets, const Run& run) {
  double total_seconds = 0;
  std::size_t next = 0;
  for (auto _ : state) {
    const double seconds = time_call([&] { return run(sets[next++ % sets.size()]); });
    total_seconds += seconds;
    state.SetIterationTime(seconds);
  }
  return total_seconds;
}

// GB/s of clEnqueueCopyBuffer moving `bytes` (bytes / 2 read, as many written): the median of 25
// copies after 5, rotating through buffers as the kernels do. Measured once per size.
double copy_gigabytes_per_second(std::size_t bytes) {
  static std::map<std::size_t, double> measured;
  if (const auto known = measured.find(bytes); known != measured.end()) return known->second;
  auto& cl = device();
  const std::size_t half = std::max<std::size_t>(bytes / 2, 1);
  struct Set {
    cl::Buffer from, to;
  };
  std::vector<Set> sets;
  for (std::size_t i = 0, n = rotation_count(bytes); i < n; ++i)
    sets.push_back({device_copy(random_bytes(half, i + 1)), cl::Buffer(cl.context, CL_MEM_WRITE_ONLY, half)});
  std::vector<double> seconds;
  for (std::size_t i = 0; i < 30; ++i) {
    const Set& set = sets[i % sets.size()];
    const double taken = time_call([&] {
      cl::Event copied;
      cl.queue.enqueueCopyBuffer(set.from, set.to, 0, 0, half, nullptr, &copied);
      return std::vector<cl::Event>{copied};
    });
    if (i >= 5) seconds.push_back(taken);
  }
  std::nth_element(seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(seconds.size() / 2), seconds.end());
  return measured[bytes] = 2.0 * static_cast<double>(half) / seconds[seconds.size() / 2] / 1e9;
}

void report_rates(benchmark::State& state, double kernel_seconds, double pixels, double bytes) {
  const double runs = static_cast<double>(state.iterations());
  if (pixels > 0) state.counters["Mpixel/s"] = runs * pixels / kernel_seconds / 1e6;
  const double gigabytes_per_second = runs * bytes / kernel_seconds / 1e9;
  state.counters["GB/s"] = gigabytes_per_second;
  state.counters["of_copy"] = gigabytes_per_second / copy_gigabytes_per_second(static_cast<std::size_t>(bytes));
}

void sobel(benchmark::State& state, int width, int height) {
  auto& cl = device();
  SobelKernel kernel(cl.programs);
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  struct Set {
    cl::Buffer luma, dx, dy, magnitude;
  };
  std::vector<Set> sets;
  for (std::size_t i = 0, n = rotation_count(4 * pixels); i < n; ++i)
    sets.push_back({device_copy(random_bytes(pixels, i + 1)), cl::Buffer(cl.context, CL_MEM_WRITE_ONLY, pixels),
                    cl::Buffer(cl.context, CL_MEM_WRITE_ONLY, pixels), cl::Buffer(cl.context, CL_MEM_WRITE_ONLY, pixels)});
  const auto run = [&](const Set& s) { return kernel.enqueue(cl.queue, s.luma, s.dx, s.dy, s.magnitude, width, height); };
  run(sets[0]).wait();  // the first launch pays for setup

  const double kernel_seconds =
      time_rotating(state, sets, [&](const Set& s) { return std::vector<cl::Event>{run(s)}; });
  report_rates(state, kernel_seconds, static_cast<double>(pixels), 4.0 * static_cast<double>(pixels));
  state.SetLabel("dx+dy+magnitude, 1 byte in, 3 out per pixel");
}

void blur(benchmark::State& state, bool rgba, int width, int height) {
  auto& cl = device();
  // Kernel variants side by side in one run (docs/performance.md): STEREOCL_KERNEL_DIR and
  // STEREOCL_KERNEL_OPTIONS, as the stereogram benchmarks take them.
  ProgramBuilder builder(cl.context, cl.device);
  const char* tuning_options = std::getenv("STEREOCL_KERNEL_OPTIONS");
  const char* source_directory = std::getenv("STEREOCL_KERNEL_DIR");
  builder.tune(tuning_options ? tuning_options : "", source_directory ? source_directory : "");
  BlurKernel kernel(builder);
  // Band-height sweeps for tuning (docs/performance.md): STEREOCL_BLUR_TILE_ROWS=8, 16, ...
  if (const char* rows = std::getenv("STEREOCL_BLUR_TILE_ROWS")) kernel.force_tile_rows(std::atoi(rows));
  // Before/after comparisons: STEREOCL_BLUR_GENERAL=1 runs blur.cl at every radius (no blur_small.cl).
  if (std::getenv("STEREOCL_BLUR_GENERAL")) kernel.use_small_radius_kernel(false);
  const int radius = static_cast<int>(state.range(0));
  const std::size_t pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  const std::size_t image_bytes = pixels * (rgba ? 4 : 1);
  struct Set {
    cl::Buffer in, out;
  };
  std::vector<Set> sets;
  for (std::size_t i = 0, n = rotation_count(2 * image_bytes); i < n; ++i)
    sets.push_back({device_copy(random_bytes(image_bytes, i + 1)), cl::Buffer(cl.context, CL_MEM_WRITE_ONLY, image_bytes)});
  const auto run = [&](const Set& s) {
    return rgba ? kernel.enqueue_rgba(cl.queue, s.in, s.out, width, height, radius, BlurBorder::clamp)
                : kernel.enqueue_grey(cl.queue, s.in, s.out, width, height, radius, BlurBorder::clamp);
  };
  run(sets[0]).column_pass.wait();
  for (const std::string& log : builder.take_build_logs()) std::fprintf(stderr, "%s\n", log.c_str());

  const double kernel_seconds = time_rotating(state, sets, [&](const Set& s) {
    const BlurEvents done = run(s);
    return std::vector<cl::Event>{done.row_pass, done.column_pass};
  });
  report_rates(state, kernel_seconds, static_cast<double>(pixels), 2.0 * static_cast<double>(image_bytes));
  state.SetLabel(std::string(rgba ? "RGBA8" : "8UC1") + " clamp");
}

// to_host: the counts also come back to the host (a non-blocking read after the kernel, one
// wait), as a caller that plots them pays; otherwise they stay on the device, like torch.histc.
void histogram(benchmark::State& state, std::size_t wanted_bytes, bool to_host) {
  auto& cl = device();
  HistogramKernel kernel(cl.programs);
  // Chunk-size sweeps for tuning (docs/performance.md): STEREOCL_HISTOGRAM_CHUNK_LOADS=1, 2, 4, ...
  if (const char* loads = std::getenv("STEREOCL_HISTOGRAM_CHUNK_LOADS"))
    kernel.force_chunk_loads(static_cast<std::size_t>(std::atoi(loads)));
  // Devices that cannot allocate the wanted size in one buffer get the largest power of two that fits.
  std::size_t bytes = wanted_bytes;
  const std::size_t max_alloc = cl.device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  while (bytes > max_alloc) bytes /= 2;
  std::vector<cl::Buffer> inputs;
  for (std::size_t i = 0, n = rotation_count(bytes); i < n; ++i) inputs.push_back(device_copy(random_bytes(bytes, i + 1)));
  const cl::Buffer bins(cl.context, CL_MEM_READ_WRITE, 256 * sizeof(cl_uint));
  Histogram256 counts{};
  const auto run = [&](const cl::Buffer& input) {
    return to_host ? kernel.enqueue_counts(cl.queue, input, bytes, bins, counts) : kernel.enqueue(cl.queue, input, bytes, bins);
  };
  run(inputs[0]).wait();

  // Profiled: the last command alone (the kernel, or the read after it); per call: everything.
  const double kernel_seconds =
      time_rotating(state, inputs, [&](const cl::Buffer& input) { return std::vector<cl::Event>{run(input)}; });
  report_rates(state, kernel_seconds, 0, static_cast<double>(bytes));
  state.SetLabel(std::to_string(bytes) + " bytes" + (to_host ? ", counts read to the host" : "") +
                 (bytes != wanted_bytes ? " (largest allocation that fits)" : ""));
}

void timed_in_microseconds(benchmark::internal::Benchmark* benchmark) {
  benchmark->UseManualTime()->Unit(benchmark::kMicrosecond);
}

void radii(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("r")->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Apply(timed_in_microseconds);
}

void smallest_and_largest_radius(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("r")->Arg(1)->Arg(32)->Apply(timed_in_microseconds);
}

BENCHMARK_CAPTURE(sobel, 256x64, 256, 64)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(sobel, 1920x1080, 1920, 1080)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(sobel, 3840x2160, 3840, 2160)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(sobel, 7680x4320, 7680, 4320)->Apply(timed_in_microseconds);

BENCHMARK_CAPTURE(blur, grey_256x256, false, 256, 256)->Apply(smallest_and_largest_radius);
BENCHMARK_CAPTURE(blur, rgba_256x256, true, 256, 256)->Apply(smallest_and_largest_radius);
BENCHMARK_CAPTURE(blur, grey_1920x1080, false, 1920, 1080)->Apply(smallest_and_largest_radius);
BENCHMARK_CAPTURE(blur, rgba_1920x1080, true, 1920, 1080)->Apply(smallest_and_largest_radius);
BENCHMARK_CAPTURE(blur, grey_2560x2560, false, 2560, 2560)->Apply(radii);
BENCHMARK_CAPTURE(blur, rgba_2560x2560, true, 2560, 2560)->Apply(radii);
BENCHMARK_CAPTURE(blur, grey_7680x4320, false, 7680, 4320)->Apply(radii);
BENCHMARK_CAPTURE(blur, rgba_7680x4320, true, 7680, 4320)->Apply(radii);

BENCHMARK_CAPTURE(histogram, 64KiB, std::size_t{64} << 10, false)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(histogram, 1920x1080, std::size_t{1920} * 1080, false)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(histogram, 1920x1080_to_host, std::size_t{1920} * 1080, true)->Apply(timed_in_microseconds);
BENCHMARK_CAPTURE(histogram, 1GiB, std::size_t{1} << 30, false)->Apply(timed_in_microseconds);

}  // namespace
}  // namespace stereocl::bench
