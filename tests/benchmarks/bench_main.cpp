#include "bench_device.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace stereocl::bench {

testing::ClTestDevice& device() {
  static std::optional<testing::ClTestDevice> opened = testing::open_cl_test_device();
  if (!opened) {
    std::fprintf(stderr, "stereocl-bench: no OpenCL device found (install an OpenCL driver, e.g. pocl-opencl-icd)\n");
    std::exit(2);
  }
  return *opened;
}

double event_seconds(const cl::Event& event) {
  const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return static_cast<double>(end - start) * 1e-9;
}

}  // namespace stereocl::bench

int main(int argc, char** argv) {
  // Take --cl-device TEXT / --cl-device=TEXT out before Google Benchmark sees the arguments.
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--cl-device") == 0 && i + 1 < argc) {
      setenv("STEREOCL_CL_DEVICE", argv[++i], 1);
    } else if (std::strncmp(argv[i], "--cl-device=", 12) == 0) {
      setenv("STEREOCL_CL_DEVICE", argv[i] + 12, 1);
    } else {
      rest.push_back(argv[i]);
    }
  }
  int rest_count = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_count, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_count, rest.data())) return 2;
  const auto& chosen = stereocl::bench::device();
  std::printf("OpenCL device: %s\n", chosen.device.getInfo<CL_DEVICE_NAME>().c_str());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
