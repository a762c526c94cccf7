#include "bench_device.hpp"

#include "compute/cl/cl_profiling.hpp"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// Two namespace lines, not stereocl::bench: pmccabe (tests/code_shape_test.py) does not parse the nested form.
namespace stereocl {
namespace bench {

namespace {
bool per_call = false;
}

testing::ClTestDevice& device() {
  static std::optional<testing::ClTestDevice> opened = testing::open_cl_test_device();
  if (!opened) {
    std::fprintf(stderr, "stereocl-bench: no OpenCL device found (install an OpenCL driver, e.g. pocl-opencl-icd)\n");
    std::exit(2);
  }
  return *opened;
}

void set_per_call_timing(bool enabled) { per_call = enabled; }
bool per_call_timing() { return per_call; }
const char* timing_description() {
  return per_call ? "wall clock per call (enqueue to completion wait, launch overhead included)"
                  : "OpenCL event profiling (device time, first command's start to last command's end)";
}

double time_call(const std::function<std::vector<cl::Event>()>& enqueue) {
  using clock = std::chrono::steady_clock;
  const auto before = clock::now();
  const std::vector<cl::Event> events = enqueue();
  cl::WaitForEvents(events);
  const auto after = clock::now();
  if (per_call) return std::chrono::duration<double>(after - before).count();
  return profiled_span_ms(events) * 1e-3;
}

}  // namespace bench
}  // namespace stereocl

namespace {

// Takes --cl-device TEXT / --cl-device=TEXT and --per-call out before Google Benchmark sees the arguments.
std::vector<char*> take_own_arguments(int argc, char** argv) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--cl-device") == 0 && i + 1 < argc) {
      setenv("STEREOCL_CL_DEVICE", argv[++i], 1);
    } else if (std::strncmp(argv[i], "--cl-device=", 12) == 0) {
      setenv("STEREOCL_CL_DEVICE", argv[i] + 12, 1);
    } else if (std::strcmp(argv[i], "--per-call") == 0) {
      stereocl::bench::set_per_call_timing(true);
    } else {
      rest.push_back(argv[i]);
    }
  }
  return rest;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> rest = take_own_arguments(argc, argv);
  int rest_count = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_count, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_count, rest.data())) return 2;
  const auto& chosen = stereocl::bench::device();
  std::printf("OpenCL device: %s\n", chosen.device.getInfo<CL_DEVICE_NAME>().c_str());
  std::printf("timing: %s\n", stereocl::bench::timing_description());
  std::fflush(stdout);
  benchmark::AddCustomContext("timing", stereocl::bench::per_call_timing() ? "wall clock per call" : "OpenCL event profiling");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
