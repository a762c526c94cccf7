#pragma once
// kernels/sobel.cl on a device: dx, dy (signed bytes) and magnitude of an 8-bit luminance
// buffer, matching sobel_reference() in compute/effects/sobel_cpu.hpp to the bit. Widths that are a
// multiple of 16 take a kernel with aligned 128-bit loads and stores (its packed variant, two pixels
// a 32-bit operation, on large images); any other width works too.
// Not thread-safe: the kernels' arguments are state.
#include "compute/cl/cl_program.hpp"

#include <CL/opencl.hpp>

#include <vector>

namespace stereocl {

class SobelKernel {
 public:
  // Throws KernelBuildError if kernels/sobel.cl does not build for `device`.
  explicit SobelKernel(ProgramBuilder& programs);

  // All four buffers hold at least width * height bytes and are not sub-buffers at an offset
  // that breaks 16-byte alignment.
  cl::Event enqueue(const cl::CommandQueue& queue, const cl::Buffer& luma, const cl::Buffer& dx, const cl::Buffer& dy,
                    const cl::Buffer& magnitude, int width, int height, const std::vector<cl::Event>& wait_for = {});

 private:
  explicit SobelKernel(const cl::Program& program);
  using Sobel = cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, cl_int, cl_int>;
  Sobel aligned_rows_;
  Sobel packed_rows_;
  Sobel any_width_;
};

}  // namespace stereocl
