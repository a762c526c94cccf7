#include "compute/effects/sobel_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr int pixels_per_item = 16;  // PIXELS_PER_ITEM in kernels/sobel.cl
constexpr int group_width = 16;      // 256 pixels of a row per work-group row
constexpr int group_height = 8;

}  // namespace

SobelKernel::SobelKernel(ProgramBuilder& programs) {
  const cl::Program program = programs.build("sobel.cl");
  aligned_rows_ = cl::Kernel(program, "sobel_aligned_rows");
  any_width_ = cl::Kernel(program, "sobel_any_width");
}

cl::Event SobelKernel::enqueue(const cl::CommandQueue& queue, const cl::Buffer& luma, const cl::Buffer& dx,
                               const cl::Buffer& dy, const cl::Buffer& magnitude, int width, int height,
                               const std::vector<cl::Event>& wait_for) {
  if (width <= 0 || height <= 0)
    throw std::invalid_argument("sobel image size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  const auto bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  for (const cl::Buffer* buffer : {&luma, &dx, &dy, &magnitude})
    if (buffer->getInfo<CL_MEM_SIZE>() < bytes)
      throw std::invalid_argument("sobel buffer is smaller than " + std::to_string(width) + "x" +
                                  std::to_string(height) + " bytes");

  cl::Kernel& kernel = width % pixels_per_item == 0 ? aligned_rows_ : any_width_;
  kernel.setArg(0, luma);
  kernel.setArg(1, dx);
  kernel.setArg(2, dy);
  kernel.setArg(3, magnitude);
  kernel.setArg(4, width);
  kernel.setArg(5, height);
  const int items_per_row = (width + pixels_per_item - 1) / pixels_per_item;
  cl::Event done;
  queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                             cl::NDRange(round_up(items_per_row, group_width), round_up(height, group_height)),
                             cl::NDRange(group_width, group_height), wait_for.empty() ? nullptr : &wait_for, &done);
  return done;
}

}  // namespace stereocl
