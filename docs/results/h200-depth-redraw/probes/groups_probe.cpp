// Throwaway probe (not part of the build): kernels/sobel.cl and kernels/blur_small.cl's grey r1 as
// they are, over work-group shapes (and the blur's rows an item), cache-cold, against a copy of
// the same bytes; outputs compared with the shipped shape's. Build: see shapes_probe.cpp.
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
#define CK(x) do { cl_int e_ = (x); if (e_) { std::fprintf(stderr, "%s: %d (line %d)\n", #x, e_, __LINE__); std::exit(1);} } while (0)
static cl_context ctx; static cl_device_id dev; static cl_command_queue q;
static std::string read(const std::string& p) { std::ifstream f(p); std::stringstream s; s << f.rdbuf(); return s.str(); }
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static double ev_us(cl_event e) { cl_ulong a, b; clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &a, 0);
  clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &b, 0); clReleaseEvent(e); return (b - a) / 1e3; }
static cl_program build(const std::string& src, const std::string& opts) {
  const char* s = src.c_str(); cl_int err; cl_program p = clCreateProgramWithSource(ctx, 1, &s, 0, &err); CK(err);
  if (clBuildProgram(p, 1, &dev, opts.c_str(), 0, 0)) { static char log[65536]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, 0); std::printf("build failed: %s\n", log); std::exit(1); }
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
  cl_int err; ctx = clCreateContext(0, 1, &dev, 0, 0, &err); CK(err);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  q = clCreateCommandQueueWithProperties(ctx, dev, props, &err); CK(err);
  const std::string blur_src = read(root + "/kernels/blur_small.cl");
  cl_kernel sobel = clCreateKernel(build(read(root + "/kernels/sobel.cl"), ""), "sobel_aligned_rows", &err); CK(err);
  const unsigned multiplier = (unsigned)(((1ull << 34) + 9 - 1) / 9);
  const std::pair<int, int> shapes[] = {{16, 8}, {8, 16}, {16, 16}, {32, 4}, {32, 8}, {8, 32}, {16, 4}, {4, 32}, {16, 2}, {64, 2}, {8, 8}};
  for (auto [W, H] : {std::pair{7680, 4320}, std::pair{2560, 2560}}) {
    const size_t n = (size_t)W * H; const int sets = std::max<int>(1, (int)((128u << 20) / (4 * n)) + 1);
    std::vector<cl_mem> in, a, b, c;
    for (int s = 0; s < sets; ++s) { in.push_back(buffer(n, 1 + s)); a.push_back(buffer(n, 100 + s)); b.push_back(buffer(n, 200 + s)); c.push_back(buffer(n, 300 + s)); }
    const double copy2 = timed(sets, [&](int s) { cl_event e; CK(clEnqueueCopyBuffer(q, in[s], a[s], 0, 0, n, 0, 0, &e)); return e; });
    std::printf("%dx%d copy of %zu bytes %.2f us\n", W, H, n, copy2);
    std::vector<unsigned char> want;
    for (auto [gx, gy] : shapes) {
      const size_t l[2] = {(size_t)gx, (size_t)gy}, g[2] = {((size_t)W / 16 + gx - 1) / gx * gx, ((size_t)H + gy - 1) / gy * gy};
      const double us = timed(sets, [&](int s) { return run(sobel, {in[s], a[s], b[s], c[s]}, {W, H}, g, l); });
      { cl_event e = run(sobel, {in[0], a[0], b[0], c[0]}, {W, H}, g, l); clWaitForEvents(1, &e); clReleaseEvent(e); }
      const std::vector<unsigned char> got = fetch({a[0], b[0], c[0]}, n); if (want.empty()) want = got;
      std::printf("%dx%d sobel group %2dx%-2d %7.2f us %s\n", W, H, gx, gy, us, got == want ? "same" : "DIFFERENT");
    }
    {  // the packed Sobel against sobel.cl's output (want), every pixel
      cl_kernel packed = clCreateKernel(build(read(root + "/kernels/sobel.cl") + read(root + "/docs/results/h200-depth-redraw/probes/sobel_packed.cl"), ""), "sobel_packed", &err); CK(err);
      for (auto [gx, gy] : {std::pair{16, 8}, std::pair{32, 4}, std::pair{64, 4}, std::pair{16, 16}, std::pair{128, 2}, std::pair{32, 8}}) {
        const size_t l[2] = {(size_t)gx, (size_t)gy}, g[2] = {((size_t)W / 16 + gx - 1) / gx * gx, ((size_t)H + gy - 1) / gy * gy};
        const double us = timed(sets, [&](int s) { return run(packed, {in[s], a[s], b[s], c[s]}, {W, H}, g, l); });
        { cl_event e = run(packed, {in[0], a[0], b[0], c[0]}, {W, H}, g, l); clWaitForEvents(1, &e); clReleaseEvent(e); }
        std::printf("%dx%d sobel packed group %2dx%-2d %7.2f us %s\n", W, H, gx, gy, us, fetch({a[0], b[0], c[0]}, n) == want ? "same" : "DIFFERENT");
      }
    }
    if (getenv("SOBEL_ONLY")) { for (auto v : {in, a, b, c}) for (cl_mem m : v) clReleaseMemObject(m); continue; }
    want.clear();
    for (int rows : {2, 1, 3, 4}) {
      std::string src = blur_src; const size_t at = src.find("#define ROWS_R1 2"); src.replace(at, 17, "#define ROWS_R1 " + std::to_string(rows));
      if (rows > 3) { const size_t m = src.find("#define MAX_ROWS 3"); src.replace(m, 18, "#define MAX_ROWS " + std::to_string(rows)); }
      cl_kernel blur = clCreateKernel(build(src, "-D CHANNELS=1 -D CLAMP_BORDER=1"), "blur_small_r1", &err); CK(err);
      for (auto [gx, gy] : shapes) {
        const size_t l[2] = {(size_t)gx, (size_t)gy};
        const size_t g[2] = {((size_t)W / 8 + gx - 1) / gx * gx, (((size_t)H + rows - 1) / rows + gy - 1) / gy * gy};
        auto call = [&](int s) { cl_uint i = 0; CK(clSetKernelArg(blur, i++, sizeof(cl_mem), &in[s])); CK(clSetKernelArg(blur, i++, sizeof(cl_mem), &a[s]));
          CK(clSetKernelArg(blur, i++, 4, &W)); CK(clSetKernelArg(blur, i++, 4, &H)); CK(clSetKernelArg(blur, i++, 4, &multiplier));
          cl_event e; CK(clEnqueueNDRangeKernel(q, blur, 2, 0, g, l, 0, 0, &e)); return e; };
        const double us = timed(sets, call);
        { cl_event e = call(0); clWaitForEvents(1, &e); clReleaseEvent(e); }
        const std::vector<unsigned char> got = fetch({a[0]}, n); if (want.empty()) want = got;
        std::printf("%dx%d blur r1 rows %d group %2dx%-2d %7.2f us %.2f of copy %s\n", W, H, rows, gx, gy, us, copy2 / us, got == want ? "same" : "DIFFERENT");
      }
    }
    // 16-pixel packed items: interior pixels compared with the shipped kernel's (want holds rows 4's last; recompute rows 2)
    {
      std::string src = blur_src;
      cl_kernel ref = clCreateKernel(build(src, "-D CHANNELS=1 -D CLAMP_BORDER=1"), "blur_small_r1", &err); CK(err);
      const size_t l0[2] = {16, 4}, g0[2] = {((size_t)W / 8 + 15) / 16 * 16, (((size_t)H + 1) / 2 + 3) / 4 * 4};
      cl_uint i = 0; CK(clSetKernelArg(ref, i++, sizeof(cl_mem), &in[0])); CK(clSetKernelArg(ref, i++, sizeof(cl_mem), &b[0]));
      CK(clSetKernelArg(ref, i++, 4, &W)); CK(clSetKernelArg(ref, i++, 4, &H)); CK(clSetKernelArg(ref, i++, 4, &multiplier));
      CK(clEnqueueNDRangeKernel(q, ref, 2, 0, g0, l0, 0, 0, 0)); CK(clFinish(q));
      const std::vector<unsigned char> reference = fetch({b[0]}, n);
      const std::string packed = read(root + "/docs/results/h200-depth-redraw/probes/packed16.cl");
      for (int rows : {1, 2, 3}) {
        cl_kernel k = clCreateKernel(build(packed, "-D ROWS=" + std::to_string(rows)), "blur_packed16", &err); CK(err);
        for (auto [gx, gy] : {std::pair{16, 8}, std::pair{32, 4}, std::pair{16, 4}, std::pair{8, 16}, std::pair{64, 2}}) {
          const size_t l[2] = {(size_t)gx, (size_t)gy}, g[2] = {((size_t)W / 16 + gx - 1) / gx * gx, (((size_t)H + rows - 1) / rows + gy - 1) / gy * gy};
          auto call = [&](int s) { cl_uint j = 0; CK(clSetKernelArg(k, j++, sizeof(cl_mem), &in[s])); CK(clSetKernelArg(k, j++, sizeof(cl_mem), &a[s]));
            CK(clSetKernelArg(k, j++, 4, &W)); CK(clSetKernelArg(k, j++, 4, &H)); cl_event e; CK(clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, &e)); return e; };
          const double us = timed(sets, call);
          { cl_event e = call(0); clWaitForEvents(1, &e); clReleaseEvent(e); }
          const std::vector<unsigned char> got = fetch({a[0]}, n);
          bool same = true; for (int y = 0; y < H && same; ++y) for (int x = 16; x + 16 <= W - 16; ++x) if (got[(size_t)y * W + x] != reference[(size_t)y * W + x]) { same = false; break; }
          std::printf("%dx%d packed16 rows %d group %2dx%-2d %7.2f us %.2f of copy %s\n", W, H, rows, gx, gy, us, copy2 / us, same ? "same (interior)" : "DIFFERENT");
        }
      }
    }
    for (auto v : {in, a, b, c}) for (cl_mem m : v) clReleaseMemObject(m);
  }
}
