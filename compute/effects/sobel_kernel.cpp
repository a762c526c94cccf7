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
// From this many pixels on, the packed kernel: fewer instructions and registers a pixel win where
// the image fills the GPU many times over, the vector kernel's shorter chains where it does not
// (docs/performance.md, section 41: the crossover lies between 2560x2560 and 3840x2160).
constexpr long long packed_from_pixels = 8'000'000;

}  // namespace

SobelKernel::SobelKernel(ProgramBuilder& programs) : SobelKernel(programs.build("sobel.cl")) {}

SobelKernel::SobelKernel(const cl::Program& program)
    : aligned_rows_(program, "sobel_aligned_rows"),
      packed_rows_(program, "sobel_packed_rows"),
      any_width_(program, "sobel_any_width") {}

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

  const bool large = static_cast<long long>(width) * height >= packed_from_pixels;
  Sobel& kernel = width % pixels_per_item != 0 ? any_width_ : large ? packed_rows_ : aligned_rows_;
  const int items_per_row = (width + pixels_per_item - 1) / pixels_per_item;
  const cl::NDRange global(round_up(items_per_row, group_width), round_up(height, group_height));
  return kernel(enqueue_args(queue, wait_for, global, cl::NDRange(group_width, group_height)), luma, dx, dy, magnitude,
                width, height);
}

}  // namespace stereocl
