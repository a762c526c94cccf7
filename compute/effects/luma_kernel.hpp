#pragma once
// kernels/luma.cl on a device: luminance from an RGBA8 image and back, matching
// compute/effects/luma_cpu.hpp to the bit. Takes cl::Image so both cl::Image2D and a GL texture shared
// as cl::ImageGL (acquired by the caller) work. Not thread-safe: the kernels' arguments are state.
#include "compute/cl/cl_program.hpp"

#include <CL/opencl.hpp>

#include <vector>

namespace stereocl {

class LumaKernel {
 public:
  // Throws KernelBuildError if kernels/luma.cl does not build for `device`.
  explicit LumaKernel(ProgramBuilder& programs);

  // rgba: CL_RGBA / CL_UNORM_INT8, width x height; luma: at least width * height bytes.
  cl::Event luma_from_rgba(const cl::CommandQueue& queue, const cl::Image& rgba, const cl::Buffer& luma, int width,
                           int height, const std::vector<cl::Event>& wait_for = {});

  // Writes (l, l, l, 255) to every pixel of rgba (CL_RGBA / CL_UNORM_INT8, width x height).
  cl::Event rgba_from_luma(const cl::CommandQueue& queue, const cl::Buffer& luma, const cl::Image& rgba, int width,
                           int height, const std::vector<cl::Event>& wait_for = {});

 private:
  explicit LumaKernel(const cl::Program& program);

  cl::KernelFunctor<cl::Memory, cl::Buffer, cl_int, cl_int> luma_from_rgba_;
  cl::KernelFunctor<cl::Buffer, cl::Memory, cl_int, cl_int> rgba_from_luma_;
};

}  // namespace stereocl
