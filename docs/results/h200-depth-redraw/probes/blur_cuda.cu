// Throwaway probe (not part of the build): kernels/blur_small.cl's grey r1 (clamped border, 8
// pixels and 2 rows an item, 32x4 groups) ported line for line to CUDA, timed by CUDA events
// cache-cold (rotating through >= 128 MiB) beside a cudaMemcpy of the same bytes, so OpenCL's
// code generation can be told from the kernel's design; ncu profiles it where allowed.
// Build: nvcc -O3 -arch=sm_90 blur_cuda.cu -o blur_cuda
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_) { std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1);} } while (0)
constexpr int UNITS = 8, HALO = 4, SPAN = UNITS + 2 * HALO, ROWS = 2;

__device__ __forceinline__ void bytes_of(unsigned w, unsigned* out) {
  out[0] = w & 0xffu; out[1] = (w >> 8) & 0xffu; out[2] = (w >> 16) & 0xffu; out[3] = w >> 24;
}
__device__ __forceinline__ void load_span(unsigned* span, const unsigned char* image, int width, int height, int y, int x, bool fast) {
  const unsigned char* row = image + (size_t)min(max(y, 0), height - 1) * width;
  if (fast) {
    const uint2 mid = *(const uint2*)(row + x);
    bytes_of(*(const unsigned*)(row + x - HALO), span);
    bytes_of(mid.x, span + 4); bytes_of(mid.y, span + 8);
    bytes_of(*(const unsigned*)(row + x + UNITS), span + 12);
    return;
  }
#pragma unroll
  for (int i = 0; i < SPAN; ++i) span[i] = row[min(max(x - HALO + i, 0), width - 1)];
}
__global__ void blur_r1(const unsigned char* __restrict__ image, unsigned char* __restrict__ blurred, int width, int height, unsigned multiplier) {
  const int x = (blockIdx.x * blockDim.x + threadIdx.x) * UNITS;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * ROWS;
  if (x >= width || y0 >= height) return;
  const bool fast = (width % UNITS) == 0 && x >= HALO && x + UNITS + HALO <= width;
  unsigned columns[SPAN], entering[SPAN], leaving[SPAN];
#pragma unroll
  for (int i = 0; i < SPAN; ++i) columns[i] = 0;
#pragma unroll
  for (int k = -1; k < 1; ++k) {
    load_span(entering, image, width, height, y0 + k, x, fast);
#pragma unroll
    for (int i = 0; i < SPAN; ++i) columns[i] += entering[i];
  }
  const int rows = min(ROWS, height - y0);
  const int units = min(UNITS, width - x);
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
    if (r < rows) {
      const int y = y0 + r;
      load_span(entering, image, width, height, y + 1, x, fast);
      load_span(leaving, image, width, height, y - 1, x, fast);
#pragma unroll
      for (int i = 0; i < SPAN; ++i) columns[i] += entering[i];
      unsigned out[UNITS];
      unsigned window = columns[HALO - 1] + columns[HALO] + columns[HALO + 1];
#pragma unroll
      for (int u = 0; u < UNITS; ++u) {
        if (u > 0) window += columns[HALO + u + 1] - columns[HALO + u - 2];
        out[u] = __umulhi(window + 4u, multiplier) >> 2;
      }
      unsigned char* out_row = blurred + (size_t)y * width + x;
      if (fast) {
        uint2 words;
        words.x = out[0] | out[1] << 8 | out[2] << 16 | out[3] << 24;
        words.y = out[4] | out[5] << 8 | out[6] << 16 | out[7] << 24;
        *(uint2*)out_row = words;
      } else {
        for (int u = 0; u < units; ++u) out_row[u] = (unsigned char)out[u];
      }
#pragma unroll
      for (int i = 0; i < SPAN; ++i) columns[i] -= leaving[i];
    }
  }
}
int main() {
  for (auto [W, H] : {std::pair{7680, 4320}, std::pair{2560, 2560}}) {
    const size_t n = (size_t)W * H; const int sets = std::max<int>(1, (int)((128u << 20) / (2 * n)) + 1);
    std::vector<unsigned char*> in(sets), out(sets);
    std::vector<unsigned char> host(n); std::mt19937 rng(1); for (auto& b : host) b = rng();
    for (int s = 0; s < sets; ++s) { CK(cudaMalloc(&in[s], n)); CK(cudaMalloc(&out[s], n)); CK(cudaMemcpy(in[s], host.data(), n, cudaMemcpyHostToDevice)); }
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    const unsigned multiplier = (unsigned)(((1ull << 34) + 8) / 9);
    auto time = [&](auto call) { std::vector<float> t; for (int i = 0; i < 60; ++i) { cudaEventRecord(a); call(i % sets); cudaEventRecord(b); CK(cudaEventSynchronize(b)); float ms; cudaEventElapsedTime(&ms, a, b); if (i >= 10) t.push_back(ms * 1000); }
      std::sort(t.begin(), t.end()); return t[t.size() / 2]; };
    const float copy = time([&](int s) { cudaMemcpyAsync(out[s], in[s], n, cudaMemcpyDeviceToDevice); });
    const dim3 block(32, 4), grid((W / UNITS + 31) / 32, ((H + ROWS - 1) / ROWS + 3) / 4);
    const float blur = time([&](int s) { blur_r1<<<grid, block>>>(in[s], out[s], W, H, multiplier); });
    CK(cudaGetLastError());
    // Spot check against a host reference at a few pixels.
    std::vector<unsigned char> got(n); CK(cudaMemcpy(got.data(), out[0], n, cudaMemcpyDeviceToHost));
    int bad = 0; std::mt19937 pick(2);
    for (int k = 0; k < 10000; ++k) { const int x = pick() % W, y = pick() % H; unsigned s = 0;
      for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) s += host[(size_t)std::clamp(y + dy, 0, H - 1) * W + std::clamp(x + dx, 0, W - 1)];
      const unsigned want = (unsigned)(((unsigned long long)(s + 4) * multiplier) >> 34); if (got[(size_t)y * W + x] != want) ++bad; }
    std::printf("%dx%d cudaMemcpy %.2f us; CUDA port of blur_small r1 %.2f us (%.2f of copy), %d of 10000 pixels wrong\n", W, H, copy, blur, copy / blur, bad);
    for (int s = 0; s < sets; ++s) { cudaFree(in[s]); cudaFree(out[s]); }
  }
}
