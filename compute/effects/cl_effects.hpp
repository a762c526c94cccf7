#pragma once
// The post-effects on RGBA8 images that live on the device (shared GL textures or plain
// cl::Image2D): Sobel edges, box blur and the luma histogram. The kernels work on buffers,
// so images are copied to and from device buffers here -- device-side copies, never the host.
#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/blur_kernel.hpp"
#include "compute/effects/histogram_cpu.hpp"
#include "compute/effects/histogram_kernel.hpp"
#include "compute/effects/luma_kernel.hpp"
#include "compute/effects/sobel_kernel.hpp"

#include <CL/opencl.hpp>

#include <vector>

namespace stereocl {

class ClEffects {
 public:
  // Throws KernelBuildError when a kernel does not build.
  ClEffects(const cl::Context& context, const cl::Device& device);

  // in and out: CL_RGBA / CL_UNORM_INT8 images of width x height. Return the events of all the
  // device work, for profiling.
  std::vector<cl::Event> sobel(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out, int width,
                               int height, const std::vector<cl::Event>& wait_for = {});
  std::vector<cl::Event> blur(const cl::CommandQueue& queue, const cl::Image& in, const cl::Image& out, int width,
                              int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});
  // Histogram of the image's luma into a device buffer; read_histogram() fetches it.
  std::vector<cl::Event> histogram(const cl::CommandQueue& queue, const cl::Image& in, int width, int height,
                                   const std::vector<cl::Event>& wait_for = {});
  Histogram256 read_histogram(const cl::CommandQueue& queue) const;

 private:
  void reserve(std::size_t pixels);

  cl::Context context_;
  LumaKernel luma_;
  SobelKernel sobel_;
  BlurKernel blur_;
  HistogramKernel histogram_;
  std::size_t capacity_ = 0;  // pixels the buffers below can hold
  cl::Buffer luma_buffer_, dx_, dy_, magnitude_, rgba_in_, rgba_out_;
  cl::Buffer bins_;
};

}  // namespace stereocl
