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

cl::NDRange global_range(int width, int height) {
  return cl::NDRange(round_up(width, group_width), round_up(height, group_height));
}

}  // namespace

LumaKernel::LumaKernel(ProgramBuilder& programs) : LumaKernel(programs.build("luma.cl")) {}

LumaKernel::LumaKernel(const cl::Program& program)
    : luma_from_rgba_(program, "luma_from_rgba"), rgba_from_luma_(program, "rgba_from_luma") {}

cl::Event LumaKernel::luma_from_rgba(const cl::CommandQueue& queue, const cl::Image& rgba, const cl::Buffer& luma,
                                     int width, int height, const std::vector<cl::Event>& wait_for) {
  require_image_fits(luma, width, height);
  return luma_from_rgba_(enqueue_args(queue, wait_for, global_range(width, height), cl::NDRange(group_width, group_height)),
                         rgba, luma, width, height);
}

cl::Event LumaKernel::rgba_from_luma(const cl::CommandQueue& queue, const cl::Buffer& luma, const cl::Image& rgba,
                                     int width, int height, const std::vector<cl::Event>& wait_for) {
  require_image_fits(luma, width, height);
  return rgba_from_luma_(enqueue_args(queue, wait_for, global_range(width, height), cl::NDRange(group_width, group_height)),
                         luma, rgba, width, height);
}

}  // namespace stereocl
