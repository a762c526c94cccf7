#pragma once
// Size arithmetic every kernel host needs (NDRanges are whole work-groups, image regions 3D), and
// where a kernel call runs.
#include <CL/opencl.hpp>

#include <array>
#include <vector>

namespace stereocl {

// The smallest multiple of `multiple` that holds `value` (both positive).
constexpr int round_up(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

// The origin-to-corner region of a width x height 2D image, for image reads, writes and copies.
inline std::array<cl::size_type, 3> image_region(int width, int height) {
  return {static_cast<cl::size_type>(width), static_cast<cl::size_type>(height), 1};
}

// One dimension (CL_IMAGE_WIDTH, CL_IMAGE_HEIGHT) of an image or a shared GL texture.
inline std::size_t image_size(const cl::Image& image, cl_image_info what) {
  std::size_t size = 0;
  image.getImageInfo(what, &size);
  return size;
}

// Where a cl::KernelFunctor call runs: `global` in groups of `local`, after `wait_for` (may be empty).
inline cl::EnqueueArgs enqueue_args(const cl::CommandQueue& queue, const std::vector<cl::Event>& wait_for,
                                    const cl::NDRange& global, const cl::NDRange& local) {
  cl::CommandQueue handle = queue;  // EnqueueArgs keeps its own reference to the queue
  return cl::EnqueueArgs(handle, wait_for, global, local);
}

}  // namespace stereocl
