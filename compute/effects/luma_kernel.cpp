#include "compute/effects/luma_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr int group_width = 16;
constexpr int group_height = 16;


void require_image_fits(const cl::Buffer& luma, int width, int height) {
  if (width <= 0 || height <= 0)
    throw std::invalid_argument("luma image size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  if (luma.getInfo<CL_MEM_SIZE>() < static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
    throw std::invalid_argument("luma buffer is smaller than " + std::to_string(width) + "x" + std::to_string(height) +
                                " bytes");
}

cl::Event run(const cl::CommandQueue& queue, const cl::Kernel& kernel, int width, int height,
              const std::vector<cl::Event>& wait_for) {
  cl::Event done;
  queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                             cl::NDRange(round_up(width, group_width), round_up(height, group_height)),
                             cl::NDRange(group_width, group_height), wait_for.empty() ? nullptr : &wait_for, &done);
  return done;
}

}  // namespace

LumaKernel::LumaKernel(ProgramBuilder& programs) {
  const cl::Program program = programs.build("luma.cl");
  luma_from_rgba_ = cl::Kernel(program, "luma_from_rgba");
  rgba_from_luma_ = cl::Kernel(program, "rgba_from_luma");
}

cl::Event LumaKernel::luma_from_rgba(const cl::CommandQueue& queue, const cl::Image& rgba, const cl::Buffer& luma,
                                     int width, int height, const std::vector<cl::Event>& wait_for) {
  require_image_fits(luma, width, height);
  luma_from_rgba_.setArg(0, rgba);
  luma_from_rgba_.setArg(1, luma);
  luma_from_rgba_.setArg(2, width);
  luma_from_rgba_.setArg(3, height);
  return run(queue, luma_from_rgba_, width, height, wait_for);
}

cl::Event LumaKernel::rgba_from_luma(const cl::CommandQueue& queue, const cl::Buffer& luma, const cl::Image& rgba,
                                     int width, int height, const std::vector<cl::Event>& wait_for) {
  require_image_fits(luma, width, height);
  rgba_from_luma_.setArg(0, luma);
  rgba_from_luma_.setArg(1, rgba);
  rgba_from_luma_.setArg(2, width);
  rgba_from_luma_.setArg(3, height);
  return run(queue, rgba_from_luma_, width, height, wait_for);
}

}  // namespace stereocl
