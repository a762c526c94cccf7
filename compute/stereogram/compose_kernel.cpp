#include "compute/stereogram/compose_kernel.hpp"

#include "compute/cl/cl_sizes.hpp"

namespace stereocl {

ComposeKernel::ComposeKernel(ProgramBuilder& programs) : ComposeKernel(programs.build("compose.cl")) {}

ComposeKernel::ComposeKernel(const cl::Program& program)
    : linear_(program, "compose_linear"), whole_pixels_(program, "compose_whole_pixels") {}

cl::Event ComposeKernel::enqueue(const cl::CommandQueue& queue, const cl::Image& offsets, const cl::Image& pattern,
                                 const cl::Image& picture, int width, int height, PatternSampling sampling,
                                 const std::vector<cl::Event>& wait_for) {
  // 32 x 8 keeps a warp on one row, where neighbouring pixels read neighbouring pattern texels.
  constexpr int lanes = 32, rows = 8;
  const cl::NDRange global(static_cast<cl::size_type>(round_up(width, lanes)),
                           static_cast<cl::size_type>(round_up(height, rows)));
  Compose& kernel = sampling == PatternSampling::whole_pixels ? whole_pixels_ : linear_;
  return kernel(enqueue_args(queue, wait_for, global, cl::NDRange(lanes, rows)), offsets, pattern, picture, width, height);
}

}  // namespace stereocl
