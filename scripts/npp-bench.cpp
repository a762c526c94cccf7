// NVIDIA NPP on the work stereocl-bench times, for scripts/peers-bench.py: 8-bit grey and RGBA
// box blur at 2560x2560 and 7680x4320 (clamped border, radius 1..32), Sobel horizontal + vertical (8-bit in,
// 16-bit out, two images) at 1920x1080 and 7680x4320, and a 256-bin histogram of 1920x1080 bytes.
// Each call is timed two ways, as the peer table states: GPU time between CUDA events around the
// one call, and per call (host clock from before the call to after the stream synchronises).
// Medians of --runs calls after --warmup. Prints one JSON object.
//
// Calls rotate through copies of their images, at least 128 MiB in all, as stereocl-bench's
// kernels do (tests/benchmarks/effects_bench.cpp): over twice the L2 of the GPUs compared, so
// no call finds its input in the cache the previous one left. The grey r1 and r2 blurs are also
// timed on one set of images ("... hot"), where a 2560x2560 image and its result stay in L2.
//
// Built on the GPU machine from its CUDA toolkit, never by the Debian build:
//   g++ -O2 -std=c++17 scripts/npp-bench.cpp -I$CUDA/include -L$CUDA/lib64 -lnppif -lnppist -lnppc -lcudart
// CUDA 13's NPP has only the _Ctx entry points, which take an NppStreamContext filled here from
// cudaGetDeviceProperties.
#include <cuda_runtime.h>
#include <npp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

void check_cuda(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "npp-bench: %s: %s\n", what, cudaGetErrorString(status));
  std::exit(1);
}

void check_npp(NppStatus status, const char* what) {
  if (status >= NPP_SUCCESS) return;  // warnings are positive
  std::fprintf(stderr, "npp-bench: %s returned NppStatus %d\n", what, static_cast<int>(status));
  std::exit(1);
}

NppStreamContext stream_context(cudaStream_t stream) {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp properties{};
  check_cuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
  NppStreamContext context{};
  context.hStream = stream;
  context.nCudaDeviceId = device;
  context.nMultiProcessorCount = properties.multiProcessorCount;
  context.nMaxThreadsPerMultiProcessor = properties.maxThreadsPerMultiProcessor;
  context.nMaxThreadsPerBlock = properties.maxThreadsPerBlock;
  context.nSharedMemPerBlock = properties.sharedMemPerBlock;
  context.nCudaDevAttrComputeCapabilityMajor = properties.major;
  context.nCudaDevAttrComputeCapabilityMinor = properties.minor;
  check_cuda(cudaStreamGetFlags(stream, &context.nStreamFlags), "cudaStreamGetFlags");
  return context;
}

struct Timing {
  double gpu_us = 0;       // CUDA events around the call
  double per_call_us = 0;  // host clock, call to synchronised stream
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// call(set) works on image set `set` of `sets`.
Timing time_call(const std::function<void(int)>& call, int sets, cudaStream_t stream, int warmup, int runs) {
  for (int i = 0; i < warmup; ++i) call(i % sets);
  check_cuda(cudaStreamSynchronize(stream), "warm-up");
  cudaEvent_t start, stop;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> gpu, host;
  for (int i = 0; i < runs; ++i) {
    const auto before = std::chrono::steady_clock::now();
    check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
    call((warmup + i) % sets);
    check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
    check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    const auto after = std::chrono::steady_clock::now();
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    gpu.push_back(ms * 1000.0);
    host.push_back(std::chrono::duration<double, std::micro>(after - before).count());
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return {median(gpu), median(host)};
}

// A device image of random bytes, width x height x channels, rows `step` bytes apart.
struct DeviceImage {
  void* data = nullptr;
  int step = 0;
  int width = 0, height = 0;
  DeviceImage(int width, int height, int bytes_per_pixel, unsigned seed) : width(width), height(height) {
    std::size_t pitch = 0;
    check_cuda(cudaMallocPitch(&data, &pitch, static_cast<std::size_t>(width) * bytes_per_pixel, height), "cudaMallocPitch");
    step = static_cast<int>(pitch);
    std::vector<unsigned char> host(pitch * height);
    std::mt19937 random(seed);
    for (auto& byte : host) byte = static_cast<unsigned char>(random());
    check_cuda(cudaMemcpy(data, host.data(), host.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~DeviceImage() { cudaFree(data); }
  DeviceImage(const DeviceImage&) = delete;
  DeviceImage& operator=(const DeviceImage&) = delete;
  Npp8u* bytes() const { return static_cast<Npp8u*>(data); }
  Npp16s* shorts() const { return static_cast<Npp16s*>(data); }
};

std::string row(const std::string& name, const Timing& timing, double bytes_moved) {
  char text[256];
  // GB/s from the GPU time: bytes read plus bytes written once.
  std::snprintf(text, sizeof text, "    {\"name\": \"%s\", \"gpu_us\": %.2f, \"per_call_us\": %.2f, \"gpu_gb_per_s\": %.1f}",
                name.c_str(), timing.gpu_us, timing.per_call_us, bytes_moved / (timing.gpu_us * 1e3));
  return text;
}

// Over twice a datacentre GPU's L2, as stereocl-bench's cache_defeating_bytes.
constexpr double kCacheDefeatingBytes = 128.0 * 1024 * 1024;

// Image sets of `bytes_per_set` that together defeat the cache; one where a set alone does.
int rotation_count(double bytes_per_set) {
  return bytes_per_set >= kCacheDefeatingBytes ? 1 : static_cast<int>(kCacheDefeatingBytes / bytes_per_set) + 1;
}

// What every timed call shares, and the rows of the JSON it adds to.
struct Bench {
  cudaStream_t stream = nullptr;
  NppStreamContext context{};
  int warmup = 10, runs = 50;
  std::vector<std::string> rows;

  void time(const std::string& name, const std::function<void(int)>& call, int sets, double bytes_moved) {
    rows.push_back(row(name, time_call(call, sets, stream, warmup, runs), bytes_moved));
  }
};

void read_options(int argc, char** argv, Bench& bench) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--warmup") bench.warmup = std::atoi(argv[i + 1]);
    else if (option == "--runs") bench.runs = std::atoi(argv[i + 1]);
  }
}

// `sets` input images, each with an output image where bytes_out is not 0.
struct ImageSets {
  std::vector<std::unique_ptr<DeviceImage>> in, out;
  ImageSets(int sets, int width, int height, int bytes_in, int bytes_out, unsigned seed) {
    for (int set = 0; set < sets; ++set) {
      in.push_back(std::make_unique<DeviceImage>(width, height, bytes_in, seed + 2 * set));
      if (bytes_out > 0) out.push_back(std::make_unique<DeviceImage>(width, height, bytes_out, seed + 2 * set + 1));
    }
  }
  int size() const { return static_cast<int>(in.size()); }
};

void time_box_blur(Bench& bench, const ImageSets& images, int channels, int radius, int sets, const char* suffix) {
  const DeviceImage& first = *images.in[0];
  const NppiSize blur_size{first.width, first.height};
  const NppStreamContext& context = bench.context;
  const NppiSize mask{2 * radius + 1, 2 * radius + 1};
  const NppiPoint anchor{radius, radius};
  const auto call = [&](int set) {
    const DeviceImage& in = *images.in[set];
    const DeviceImage& out = *images.out[set];
    const NppStatus status =
        channels == 1
            ? nppiFilterBoxBorder_8u_C1R_Ctx(in.bytes(), in.step, blur_size, NppiPoint{0, 0}, out.bytes(), out.step,
                                             blur_size, mask, anchor, NPP_BORDER_REPLICATE, context)
            : nppiFilterBoxBorder_8u_C4R_Ctx(in.bytes(), in.step, blur_size, NppiPoint{0, 0}, out.bytes(), out.step,
                                             blur_size, mask, anchor, NPP_BORDER_REPLICATE, context);
    check_npp(status, "nppiFilterBoxBorder");
  };
  const double bytes = 2.0 * first.width * first.height * channels;
  bench.time("blur " + std::to_string(first.width) + "x" + std::to_string(first.height) +
                 (channels == 1 ? " 8UC1" : " RGBA8") + " r" + std::to_string(radius) + suffix,
             call, sets, bytes);
}

// The sizes stereocl-bench blurs at every radius.
void time_box_blurs(Bench& bench) {
  for (const auto& [width, height] : {std::pair{2560, 2560}, std::pair{7680, 4320}})
    for (const int channels : {1, 4}) {
      const double bytes = 2.0 * width * height * channels;
      const ImageSets images(rotation_count(bytes), width, height, channels, channels, 1);
      for (const int radius : {1, 2, 4, 8, 16, 32}) time_box_blur(bench, images, channels, radius, images.size(), "");
      if (channels == 1)
        for (const int radius : {1, 2}) time_box_blur(bench, images, channels, radius, 1, " hot");
    }
}

void time_sobels(Bench& bench) {
  const NppStreamContext& context = bench.context;
  for (const auto& [width, height] : {std::pair{1920, 1080}, std::pair{7680, 4320}}) {
    const NppiSize size{width, height};
    const double bytes = 5.0 * width * height;  // 1 in, 2 x 2 out
    const ImageSets images(rotation_count(bytes), width, height, 1, 2, 3);
    std::vector<std::unique_ptr<DeviceImage>> dy;
    for (int set = 0; set < images.size(); ++set)
      dy.push_back(std::make_unique<DeviceImage>(width, height, 2, 100 + set));
    const auto call = [&](int set) {
      const DeviceImage& in = *images.in[set];
      const DeviceImage& dx = *images.out[set];
      check_npp(nppiFilterSobelHorizBorder_8u16s_C1R_Ctx(in.bytes(), in.step, size, NppiPoint{0, 0}, dx.shorts(), dx.step, size,
                                                         NPP_MASK_SIZE_3_X_3, NPP_BORDER_REPLICATE, context),
                "nppiFilterSobelHorizBorder");
      check_npp(nppiFilterSobelVertBorder_8u16s_C1R_Ctx(in.bytes(), in.step, size, NppiPoint{0, 0}, dy[set]->shorts(),
                                                        dy[set]->step, size, NPP_MASK_SIZE_3_X_3, NPP_BORDER_REPLICATE,
                                                        context),
                "nppiFilterSobelVertBorder");
    };
    bench.time("sobel " + std::to_string(width) + "x" + std::to_string(height) + " dX+dY", call, images.size(), bytes);
  }
}

void time_histogram(Bench& bench) {
  const NppStreamContext& context = bench.context;
  const NppiSize size{1920, 1080};
  const ImageSets images(rotation_count(1920.0 * 1080.0), size.width, size.height, 1, 0, 6);  // counts, no image out
  constexpr int kLevels = 257;  // 256 bins
  size_t buffer_bytes = 0;
  check_npp(nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size, kLevels, &buffer_bytes, context),
            "nppiHistogramEvenGetBufferSize");
  Npp8u* buffer = nullptr;
  Npp32s* bins = nullptr;
  check_cuda(cudaMalloc(&buffer, buffer_bytes), "cudaMalloc");
  check_cuda(cudaMalloc(&bins, 256 * sizeof(Npp32s)), "cudaMalloc");
  const auto call = [&](int set) {
    const DeviceImage& in = *images.in[set];
    check_npp(nppiHistogramEven_8u_C1R_Ctx(in.bytes(), in.step, size, bins, kLevels, 0, 256, buffer, context),
              "nppiHistogramEven");
  };
  bench.time("histogram 1920x1080", call, images.size(), 1920.0 * 1080.0);
  cudaFree(buffer);
  cudaFree(bins);
}

void print_json(const Bench& bench) {
  cudaDeviceProp properties{};
  check_cuda(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
  const NppLibraryVersion* version = nppGetLibVersion();
  std::printf(
      "{\n  \"device\": \"%s\",\n  \"npp\": \"%d.%d.%d\",\n  \"warmup\": %d,\n  \"runs\": %d,\n  \"calls\": [\n",
      properties.name, version->major, version->minor, version->build, bench.warmup, bench.runs);
  const std::vector<std::string>& rows = bench.rows;
  for (std::size_t i = 0; i < rows.size(); ++i) std::printf("%s%s\n", rows[i].c_str(), i + 1 < rows.size() ? "," : "");
  std::printf("  ]\n}\n");
}

}  // namespace

int main(int argc, char** argv) {
  Bench bench;
  read_options(argc, argv, bench);
  check_cuda(cudaStreamCreate(&bench.stream), "cudaStreamCreate");
  bench.context = stream_context(bench.stream);
  time_box_blurs(bench);
  time_sobels(bench);
  time_histogram(bench);
  print_json(bench);
  cudaStreamDestroy(bench.stream);
  return 0;
}
