#pragma once
// The post-effects on RGBA8 images that live on the device (shared GL textures or plain
// cl::Image2D): Sobel edges, box blur, the luma histogram, and any per-pixel image kernel. The
// Sobel and blur kernels work on buffers, so images are copied to and from device buffers here --
// device-side copies, never the host. Which effect runs is pipeline/plan/effects.cpp's table's business.
#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/blur_kernel.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/histogram_kernel.hpp"
#include "compute/effects/luma_kernel.hpp"
#include "compute/effects/sobel_kernel.hpp"

#include <CL/opencl.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace stereocl {

// One effect's run on the device: RGBA8 (CL_RGBA / CL_UNORM_INT8) images of width x height, shared
// GL textures already acquired or plain images, after the events in wait_for.
struct DeviceEffectCall {
  const cl::CommandQueue& queue;
  const cl::Image& in;
  const cl::Image& out;
  int width;
  int height;
  const std::vector<cl::Event>& wait_for;
};

class ClEffects {
 public:
  // Throws KernelBuildError when a kernel does not build: the luma and histogram kernels here,
  // Sobel's, the blur's and per_pixel()'s on their first call.
  explicit ClEffects(ProgramBuilder& programs);

  // in and out: CL_RGBA / CL_UNORM_INT8 images of width x height. Return the events of all the
  // device work, for profiling.
  std::vector<cl::Event> sobel(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out, int width,
                               int height, const std::vector<cl::Event>& wait_for = {});
  std::vector<cl::Event> blur(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out, int width,
                              int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});
  // Histogram of the image's luma into a device buffer; read_histogram() fetches it.
  std::vector<cl::Event> histogram(const cl::CommandQueue& queue, const cl::Image& in, int width, int height,
                                   const std::vector<cl::Event>& wait_for = {});
  // The same histogram of the image the last sobel() call wrote, from its magnitudes: that image
  // is (m, m, m, 255), whose luma is m, so the luma pass is skipped. The same size as that call.
  std::vector<cl::Event> histogram_of_sobel_output(const cl::CommandQueue& queue, int width, int height,
                                                   const std::vector<cl::Event>& wait_for = {});
  Histogram256 read_histogram(const cl::CommandQueue& queue) const;
  // kernels/<file>'s `kernel`(read_only image2d_t in, write_only image2d_t out, int width, int height),
  // one work-item per pixel; built on first use, so an effect needs no code here.
  std::vector<cl::Event> per_pixel(std::string_view file, const char* kernel, const DeviceEffectCall& call);
  // The same with one more argument, `int parameter`, after height: an effect's one setting.
  std::vector<cl::Event> per_pixel(std::string_view file, const char* kernel, const DeviceEffectCall& call,
                                   int parameter);

 private:
  void reserve(std::size_t pixels);

  template <typename Kernel>
  Kernel& per_pixel_kernel(std::map<std::string, Kernel, std::less<>>& built, std::string_view file,
                           const char* kernel);

  using PerPixelKernel = cl::KernelFunctor<cl::Memory, cl::Memory, cl_int, cl_int>;
  using PerPixelKernelWithParameter = cl::KernelFunctor<cl::Memory, cl::Memory, cl_int, cl_int, cl_int>;
  ProgramBuilder& programs_;
  cl::Context context_;
  std::map<std::string, PerPixelKernel, std::less<>> per_pixel_;
  std::map<std::string, PerPixelKernelWithParameter, std::less<>> per_pixel_with_parameter_;
  LumaKernel luma_;
  std::optional<SobelKernel> sobel_;  // built on the first sobel() call
  BlurKernel blur_;
  HistogramKernel histogram_;
  std::size_t capacity_ = 0;  // pixels the buffers below can hold
  cl::Buffer luma_buffer_, dx_, dy_, magnitude_, rgba_in_, rgba_out_;
  cl::Buffer bins_;
};

}  // namespace stereocl
