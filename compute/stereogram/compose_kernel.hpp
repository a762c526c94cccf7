#pragma once
// kernels/compose.cl on a device: the stereogram's picture from its offsets and the pattern, as
// compute/stereogram/compose_cpu.hpp describes (exact for whole pixels, within one level for
// linear). GPU mode runs it to keep GL out of the middle of a frame's CL work.
// Not thread-safe: the kernels' arguments are state.
#include "compute/cl/cl_program.hpp"
#include "core/pattern_sampling.hpp"

#include <CL/opencl.hpp>

#include <vector>

namespace stereocl {

class ComposeKernel {
 public:
  // Throws KernelBuildError if kernels/compose.cl does not build for the builder's device.
  explicit ComposeKernel(ProgramBuilder& programs);

  // offsets: CL_R / CL_FLOAT; pattern: CL_RGBA / CL_UNORM_INT8, any size; picture: CL_RGBA /
  // CL_UNORM_INT8. All width x height but the pattern. Shared GL images must be acquired.
  cl::Event enqueue(const cl::CommandQueue& queue, const cl::Image& offsets, const cl::Image& pattern,
                    const cl::Image& picture, int width, int height, PatternSampling sampling,
                    const std::vector<cl::Event>& wait_for = {});

 private:
  explicit ComposeKernel(const cl::Program& program);
  using Compose = cl::KernelFunctor<cl::Memory, cl::Memory, cl::Memory, cl_int, cl_int>;
  Compose linear_;
  Compose whole_pixels_;
};

}  // namespace stereocl
