// Throwaway probe (not part of the build): Sobel and the grey r1 blur at 4, 8 or 16 pixels and 1, 2
// or 4 rows an item (docs/results/h200-depth-redraw/probes/shapes.cl) against kernels/sobel.cl and kernels/blur_small.cl, with
// their outputs compared, and a copy of the same bytes; OpenCL event profiling, median of 50 after
// 10, cache-cold (rotating through >= 128 MiB), as stereocl-bench times.
// Build there: g++ -O2 shapes_probe.cpp -I$CUDA/include -L$CUDA/lib64 -lOpenCL
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#define CK(x) do { cl_int e_ = (x); if (e_) { std::fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); std::exit(1);} } while (0)
static cl_context ctx; static cl_device_id dev; static cl_command_queue q;
static std::string read(const std::string& p) { std::ifstream f(p); std::stringstream s; s << f.rdbuf(); return s.str(); }
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static double ev_us(cl_event e) { cl_ulong a, b; clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &a, 0);
  clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &b, 0); clReleaseEvent(e); return (b - a) / 1e3; }
static cl_program build(const std::string& src, const std::string& opts) {
  const char* s = src.c_str(); cl_int err; cl_program p = clCreateProgramWithSource(ctx, 1, &s, 0, &err); CK(err);
  if (clBuildProgram(p, 1, &dev, opts.c_str(), 0, 0)) { static char log[65536]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); std::printf("build failed (%s): %s\n", opts.c_str(), log); std::exit(1); }
  return p;
}
static cl_mem buffer(size_t bytes, unsigned seed) {
  std::vector<unsigned char> host(bytes); std::mt19937 rng(seed); for (auto& b : host) b = rng();
  cl_int err; cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host.data(), &err); CK(err); return m;
}
static double timed(int sets, const std::function<cl_event(int)>& call) {
  std::vector<double> t;
  for (int i = 0; i < 60; ++i) { cl_event e = call(i % sets); CK(clWaitForEvents(1, &e)); double us = ev_us(e); if (i >= 10) t.push_back(us); }
  return median(t);
}
static cl_event run(cl_kernel k, std::vector<cl_mem> mems, std::vector<int> ints, const size_t* g, const size_t* l) {
  cl_uint a = 0; for (cl_mem m : mems) CK(clSetKernelArg(k, a++, sizeof m, &m)); for (int v : ints) CK(clSetKernelArg(k, a++, sizeof v, &v));
  cl_event e; CK(clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &e)); return e;
}
static std::vector<unsigned char> fetch(const std::vector<cl_mem>& mems, size_t n) {
  std::vector<unsigned char> out(mems.size() * n);
  for (size_t k = 0; k < mems.size(); ++k) CK(clEnqueueReadBuffer(q, mems[k], CL_TRUE, 0, n, out.data() + k * n, 0, 0, 0));
  return out;
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
  cl_program sobel_p = build(read(root + "/kernels/sobel.cl"), "");
  cl_program blur_p = build(read(root + "/kernels/blur_small.cl"), "-D CHANNELS=1 -D CLAMP_BORDER=1");
  cl_kernel sobel_real = clCreateKernel(sobel_p, "sobel_aligned_rows", &err); CK(err);
  cl_kernel blur_real = clCreateKernel(blur_p, "blur_small_r1", &err); CK(err);
  const std::string shapes = read(root + "/docs/results/h200-depth-redraw/probes/shapes.cl");
  const unsigned multiplier = (unsigned)(((1ull << 34) + 9 - 1) / 9);
  const char* only = getenv("SIZES");
  for (auto [W, H] : {std::pair{7680, 4320}, std::pair{2560, 2560}, std::pair{1920, 1080}}) {
    if (only && !std::strstr(only, (std::to_string(W) + "x").c_str())) continue;
    const size_t n = (size_t)W * H; const int sets = std::max<int>(1, (int)((128u << 20) / (4 * n)) + 1);
    std::vector<cl_mem> in, a, b, c;
    for (int s = 0; s < sets; ++s) { in.push_back(buffer(n, 1 + s)); a.push_back(buffer(n, 100 + s)); b.push_back(buffer(n, 200 + s)); c.push_back(buffer(n, 300 + s)); }
    const double copy2 = timed(sets, [&](int s) { cl_event e; CK(clEnqueueCopyBuffer(q, in[s], a[s], 0, 0, n, 0, 0, &e)); return e; });
    std::vector<cl_mem> bigs, bigd;
    for (int s = 0; s < sets; ++s) { bigs.push_back(buffer(2 * n, 400 + s)); bigd.push_back(buffer(2 * n, 500 + s)); }
    const double copy4 = timed(sets, [&](int s) { cl_event e; CK(clEnqueueCopyBuffer(q, bigs[s], bigd[s], 0, 0, 2 * n, 0, 0, &e)); return e; });
    for (auto v : {bigs, bigd}) for (cl_mem m : v) clReleaseMemObject(m);
    std::printf("%dx%d copy %zu bytes: %.2f us; copy %zu bytes: %.2f us\n", W, H, n, copy2, 2 * n, copy4);
    { const size_t l[2] = {16, 8}, g[2] = {((size_t)W / 16 + 15) / 16 * 16, ((size_t)H + 7) / 8 * 8};
      const double us = timed(sets, [&](int s) { return run(sobel_real, {in[s], a[s], b[s], c[s]}, {W, H}, g, l); });
      std::printf("%dx%d sobel.cl (16x8)                      %7.2f us  %.2f of copy\n", W, H, us, copy4 / us); }
    { const size_t l[2] = {16, 8}, g[2] = {((size_t)W / 16 + 15) / 16 * 16, ((size_t)H + 7) / 8 * 8};
      cl_event e = run(sobel_real, {in[0], a[0], b[0], c[0]}, {W, H}, g, l); clWaitForEvents(1, &e); clReleaseEvent(e); }
    const std::vector<unsigned char> sobel_want = fetch({a[0], b[0], c[0]}, n);
    { const size_t l[2] = {32, 4}, g[2] = {((size_t)W / 8 + 31) / 32 * 32, ((size_t)(H + 1) / 2 + 3) / 4 * 4};
      auto call = [&](int s) { cl_uint i = 0; CK(clSetKernelArg(blur_real, i++, sizeof(cl_mem), &in[s])); CK(clSetKernelArg(blur_real, i++, sizeof(cl_mem), &a[s]));
        CK(clSetKernelArg(blur_real, i++, 4, &W)); CK(clSetKernelArg(blur_real, i++, 4, &H)); CK(clSetKernelArg(blur_real, i++, 4, &multiplier));
        cl_event e; CK(clEnqueueNDRangeKernel(q, blur_real, 2, 0, g, l, 0, 0, &e)); return e; };
      const double us = timed(sets, call);
      std::printf("%dx%d blur_small r1 (32x4)                 %7.2f us  %.2f of copy\n", W, H, us, copy2 / us);
      cl_event e = call(0); clWaitForEvents(1, &e); clReleaseEvent(e); }
    const std::vector<unsigned char> blur_want = fetch({a[0]}, n);
    for (int px : {4, 8, 16}) for (int rows : {1, 2, 4}) {
      cl_program p = build(shapes, "-D PX=" + std::to_string(px) + " -D ROWS=" + std::to_string(rows));
      cl_kernel ks = clCreateKernel(p, "sobel_shape", &err); CK(err);
      cl_kernel kb = clCreateKernel(p, "blur_shape", &err); CK(err);
      for (auto [gx, gy] : {std::pair{64, 4}, std::pair{32, 8}, std::pair{128, 2}, std::pair{256, 1}}) {
        const size_t l[2] = {(size_t)gx, (size_t)gy};
        const size_t g[2] = {((size_t)W / px + gx - 1) / gx * gx, (((size_t)H + rows - 1) / rows + gy - 1) / gy * gy};
        const double us_s = timed(sets, [&](int s) { return run(ks, {in[s], a[s], b[s], c[s]}, {W, H}, g, l); });
        { cl_event e = run(ks, {in[0], a[0], b[0], c[0]}, {W, H}, g, l); clWaitForEvents(1, &e); clReleaseEvent(e); }
        const bool same_s = fetch({a[0], b[0], c[0]}, n) == sobel_want;
        auto blur_call = [&](int s) { cl_uint i = 0; CK(clSetKernelArg(kb, i++, sizeof(cl_mem), &in[s])); CK(clSetKernelArg(kb, i++, sizeof(cl_mem), &a[s]));
          CK(clSetKernelArg(kb, i++, 4, &W)); CK(clSetKernelArg(kb, i++, 4, &H)); CK(clSetKernelArg(kb, i++, 4, &multiplier));
          cl_event e; CK(clEnqueueNDRangeKernel(q, kb, 2, 0, g, l, 0, 0, &e)); return e; };
        const double us_b = timed(sets, blur_call);
        { cl_event e = blur_call(0); clWaitForEvents(1, &e); clReleaseEvent(e); }
        const bool same_b = fetch({a[0]}, n) == blur_want;
        std::printf("%dx%d px=%2d rows=%d group %3dx%d  sobel %7.2f us %.2f of copy %s | blur %7.2f us %.2f of copy %s\n", W, H, px, rows, gx, gy,
                    us_s, copy4 / us_s, same_s ? "same" : "DIFFERENT", us_b, copy2 / us_b, same_b ? "same" : "DIFFERENT");
      }
      clReleaseKernel(ks); clReleaseKernel(kb); clReleaseProgram(p);
    }
    for (auto v : {in, a, b, c}) for (cl_mem m : v) clReleaseMemObject(m);
  }
}
