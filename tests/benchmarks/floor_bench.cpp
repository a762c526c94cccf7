// The per-call floor of the OpenCL driver: an empty kernel enqueued and waited for, and a 1-byte
// read, timed by time_call() like every other benchmark. With --per-call these are the least any
// call can cost on this driver, so each kernel's per-call time minus floor/kernel is what the
// kernel itself (and its extra enqueues) adds.
#include "bench_device.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace stereocl::bench {
namespace {

// Built from a literal, not kernels/: it is a measuring stick, not part of the library.
constexpr const char* empty_source = "kernel void nothing(global uchar* unused) {}";

void floor_kernel(benchmark::State& state) {
  auto& cl = device();
  cl::Program program(cl.context, empty_source);
  program.build({cl.device});
  cl::KernelFunctor<cl::Buffer> nothing(program, "nothing");
  const cl::Buffer unused(cl.context, CL_MEM_READ_WRITE, 16);
  const auto run = [&] { return nothing(cl::EnqueueArgs(cl.queue, cl::NDRange(1)), unused); };
  run().wait();
  for (auto _ : state) state.SetIterationTime(time_call([&] { return std::vector<cl::Event>{run()}; }));
  state.SetLabel("empty kernel, one work-item");
}

void floor_read(benchmark::State& state) {
  auto& cl = device();
  const cl::Buffer source(cl.context, CL_MEM_READ_WRITE, 16);
  std::uint8_t byte = 0;
  const auto run = [&] {
    cl::Event read;
    cl.queue.enqueueReadBuffer(source, CL_FALSE, 0, 1, &byte, nullptr, &read);
    return read;
  };
  run().wait();
  for (auto _ : state) state.SetIterationTime(time_call([&] { return std::vector<cl::Event>{run()}; }));
  state.SetLabel("1-byte non-blocking read, then the wait");
}

BENCHMARK(floor_kernel)->Name("floor/kernel")->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(floor_read)->Name("floor/read_1_byte")->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace stereocl::bench
