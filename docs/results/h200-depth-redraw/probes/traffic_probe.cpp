// Throwaway probe (not part of the build): the memory roofline of Sobel's and the blur's traffic on
// this GPU. Times, by OpenCL event profiling (median of 50 after 10), cache-cold (rotating through
// >= 128 MiB of buffers, as stereocl-bench), at 7680x4320 and 1920x1080: clEnqueueCopyBuffer, a
// 16-byte copy kernel, a fill, Sobel's traffic without its arithmetic (1 byte in, 3 out), the real
// kernels/sobel.cl, and a Sobel walking ROWS rows per item (outputs checked against sobel.cl).
// Build there: g++ -O2 traffic_probe.cpp -I$CUDA/include -L$CUDA/lib64 -lOpenCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#define CK(x) do { cl_int e_ = (x); if (e_) { std::fprintf(stderr, "%s: %d\n", #x, e_); std::exit(1);} } while (0)
static cl_context ctx; static cl_device_id dev; static cl_command_queue q;
static std::string read(const char* p) { std::ifstream f(p); std::stringstream s; s << f.rdbuf(); return s.str(); }
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static double ev_us(cl_event e) { cl_ulong a, b; clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &a, 0);
  clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &b, 0); clReleaseEvent(e); return (b - a) / 1e3; }
static cl_program build(const std::string& src, const std::string& opts) {
  const char* s = src.c_str(); cl_int err; cl_program p = clCreateProgramWithSource(ctx, 1, &s, 0, &err); CK(err);
  if (clBuildProgram(p, 1, &dev, opts.c_str(), 0, 0)) { char log[8192]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); std::printf("build failed: %s\n", log); std::exit(1); }
  return p;
}
static cl_mem buffer(size_t bytes, unsigned seed) {
  std::vector<unsigned char> host(bytes); std::mt19937 rng(seed); for (auto& b : host) b = rng();
  cl_int err; cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host.data(), &err); CK(err); return m;
}
// time(set) enqueues one call on set `set` and returns its event.
static double timed(int sets, const std::function<cl_event(int)>& call) {
  std::vector<double> t;
  for (int i = 0; i < 60; ++i) { cl_event e = call(i % sets); CK(clWaitForEvents(1, &e)); double us = ev_us(e); if (i >= 10) t.push_back(us); }
  return median(t);
}
static cl_event run(cl_kernel k, std::vector<cl_mem> mems, std::vector<int> ints, int dims, const size_t* g, const size_t* l) {
  cl_uint a = 0; for (cl_mem m : mems) CK(clSetKernelArg(k, a++, sizeof m, &m)); for (int v : ints) CK(clSetKernelArg(k, a++, sizeof v, &v));
  cl_event e; CK(clEnqueueNDRangeKernel(q, k, dims, 0, g, l, 0, 0, &e)); return e;
}
int main(int argc, char** argv) {
  const std::string root = argc > 1 ? argv[1] : ".";
  cl_platform_id pls[8]; cl_uint np = 0; CK(clGetPlatformIDs(8, pls, &np)); bool found = false;
  for (cl_uint i = 0; i < np && !found; ++i) found = clGetDeviceIDs(pls[i], CL_DEVICE_TYPE_GPU, 1, &dev, 0) == CL_SUCCESS;
  if (!found) CK(clGetDeviceIDs(pls[0], CL_DEVICE_TYPE_ALL, 1, &dev, 0));
  { char name[256]; clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, 0); std::printf("device: %s\n", name); }
  cl_int err; ctx = clCreateContext(0, 1, &dev, 0, 0, &err); CK(err);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  q = clCreateCommandQueueWithProperties(ctx, dev, props, &err); CK(err);
  cl_program probe = build(read((root + "/docs/results/h200-depth-redraw/probes/traffic.cl").c_str()), "");
  cl_program sobel = build(read((root + "/kernels/sobel.cl").c_str()), "");
  cl_kernel copy16 = clCreateKernel(probe, "copy16", &err); CK(err);
  cl_kernel fan3 = clCreateKernel(probe, "fan_out3", &err); CK(err);
  cl_kernel fan3rows = clCreateKernel(probe, "fan_out3_rows", &err); CK(err);
  cl_kernel real = clCreateKernel(sobel, "sobel_aligned_rows", &err); CK(err);
  for (auto [W, H] : {std::pair{7680, 4320}, std::pair{1920, 1080}}) {
    const size_t n = (size_t)W * H; const int sets = std::max<int>(1, (int)((128u << 20) / (4 * n)) + 1);
    std::vector<cl_mem> in, a, b, c;
    for (int s = 0; s < sets; ++s) { in.push_back(buffer(n, 1 + s)); a.push_back(buffer(n, 100 + s)); b.push_back(buffer(n, 200 + s)); c.push_back(buffer(n, 300 + s)); }
    const size_t g16 = n / 16; const size_t* l256p = nullptr;
    const double copy = timed(sets, [&](int s) { cl_event e; CK(clEnqueueCopyBuffer(q, in[s], a[s], 0, 0, n, 0, 0, &e)); return e; });
    const double copy_rate = 2.0 * n / copy / 1e3;
    auto line = [&](const char* what, double us, double moved) {
      std::printf("%dx%d %-34s %8.2f us  %6.0f GB/s  %.2f of copy\n", W, H, what, us, moved / us / 1e3, moved / us / 1e3 / copy_rate);
    };
    line("clEnqueueCopyBuffer (1 in, 1 out)", copy, 2.0 * n);
    line("copy16 kernel (1 in, 1 out)", timed(sets, [&](int s) { return run(copy16, {in[s], a[s]}, {}, 1, &g16, l256p); }), 2.0 * n);
    line("fill 3 bytes a pixel (0 in, 3 out)", timed(sets, [&](int s) { cl_event e; const unsigned pattern = 7; CK(clEnqueueFillBuffer(q, a[s], &pattern, 4, 0, n, 0, 0, 0)); CK(clEnqueueFillBuffer(q, b[s], &pattern, 4, 0, n, 0, 0, 0)); CK(clEnqueueFillBuffer(q, c[s], &pattern, 4, 0, n, 0, 0, &e)); return e; }), 3.0 * n);
    line("fan_out3 (1 in, 3 out)", timed(sets, [&](int s) { return run(fan3, {in[s], a[s], b[s], c[s]}, {}, 1, &g16, l256p); }), 4.0 * n);
    const size_t l2[2] = {64, 4}, g2[2] = {((size_t)W / 16 + 63) / 64 * 64, ((size_t)H + 3) / 4 * 4};
    line("fan_out3_rows (3 rows in, 3 out)", timed(sets, [&](int s) { return run(fan3rows, {in[s], a[s], b[s], c[s]}, {W, H}, 2, g2, l2); }), 4.0 * n);
    line("kernels/sobel.cl", timed(sets, [&](int s) { return run(real, {in[s], a[s], b[s], c[s]}, {W, H}, 2, g2, l2); }), 4.0 * n);
    std::vector<unsigned char> want(3 * n);
    for (int k = 0; k < 3; ++k) CK(clEnqueueReadBuffer(q, std::vector<cl_mem>{a[0], b[0], c[0]}[k], CL_TRUE, 0, n, want.data() + k * n, 0, 0, 0));
    for (int rows : {1, 2, 4, 8}) for (auto [gx, gy] : {std::pair{64, 4}, std::pair{32, 8}, std::pair{128, 2}}) {
      cl_program p = build(read((root + "/docs/results/h200-depth-redraw/probes/traffic.cl").c_str()), "-D ROWS=" + std::to_string(rows));
      cl_kernel k = clCreateKernel(p, "sobel_rows", &err); CK(err);
      const size_t iy = (H + rows - 1) / rows; const size_t g[2] = {((size_t)W / 16 + gx - 1) / gx * gx, (iy + gy - 1) / gy * gy}, l[2] = {(size_t)gx, (size_t)gy};
      const double us = timed(sets, [&](int s) { return run(k, {in[s], a[s], b[s], c[s]}, {W, H}, 2, g, l); });
      run(k, {in[0], a[0], b[0], c[0]}, {W, H}, 2, g, l); CK(clFinish(q));
      std::vector<unsigned char> got(3 * n);
      for (int j = 0; j < 3; ++j) CK(clEnqueueReadBuffer(q, std::vector<cl_mem>{a[0], b[0], c[0]}[j], CL_TRUE, 0, n, got.data() + j * n, 0, 0, 0));
      char what[64]; std::snprintf(what, sizeof what, "sobel ROWS=%d group %dx%d %s", rows, gx, gy, got == want ? "same" : "DIFFERENT");
      line(what, us, 4.0 * n);
      clReleaseKernel(k); clReleaseProgram(p);
    }
    for (auto v : {in, a, b, c}) for (cl_mem m : v) clReleaseMemObject(m);
  }
}
