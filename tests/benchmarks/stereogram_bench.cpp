// The stereogram offsets kernels at a CI-sized frame, 1080p and 4K, P=85 M=30, timed by OpenCL
// event profiling. Bytes are what any implementation must move: the depth in, the offsets out.
#include "bench_device.hpp"
#include "compute/image.hpp"
#include "compute/stereogram_kernel.hpp"

#include <benchmark/benchmark.h>

#include <random>

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

void stereogram(benchmark::State& state, StereogramKernelKind kind) {
  auto& cl = device();
  const int width = static_cast<int>(state.range(0));
  const int height = static_cast<int>(state.range(1));
  const StereogramParams params{85, 30.f};
  StereogramKernel kernel(cl.context, cl.device, params, kind);

  const cl::ImageFormat format(CL_R, CL_FLOAT);
  DepthImage depth = random_depth(width, height);
  const cl::Image2D depth_image(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, width, height, 0,
                                depth.pixels.data());
  const cl::Image2D offsets_image(cl.context, CL_MEM_WRITE_ONLY, format, width + params.pattern_width, height);
  kernel.enqueue(cl.queue, depth_image, offsets_image, width, height).wait();  // first launch pays for setup

  double kernel_seconds = 0;
  for (auto _ : state) {
    const cl::Event done = kernel.enqueue(cl.queue, depth_image, offsets_image, width, height);
    done.wait();
    const double seconds = event_seconds(done);
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

void frame_sizes(benchmark::internal::Benchmark* benchmark) {
  benchmark->Args({256, 64})->Args({1920, 1080})->Args({3840, 2160});
  benchmark->ArgNames({"width", "height"})->UseManualTime()->Unit(benchmark::kMicrosecond);
}

BENCHMARK_CAPTURE(stereogram, classic, StereogramKernelKind::classic)->Apply(frame_sizes);
BENCHMARK_CAPTURE(stereogram, fast, StereogramKernelKind::fast)->Apply(frame_sizes);

}  // namespace
}  // namespace stereocl::bench
