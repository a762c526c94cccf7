#pragma once
// kernels/blur.cl on a device: normalised box blur of radius 1..32 for 8-bit grey (uchar
// buffer) and RGBA8 (uchar4 buffer) images, matching blur_reference() in compute/blur_cpu.hpp to
// the bit. Two passes (row sums, then columns) whose cost does not grow with the radius; the
// row sums live in a scratch buffer this object owns and grows as needed, so calls must be
// ordered on one in-order queue (or waited for). Not thread-safe.
#include "compute/blur_cpu.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <vector>

namespace stereocl {

// The blur is done when column_pass completes; its time is from row_pass's start to
// column_pass's end.
struct BlurEvents {
  cl::Event row_pass;
  cl::Event column_pass;
};

class BlurKernel {
 public:
  // Throws KernelBuildError if kernels/blur.cl does not build for `device`.
  BlurKernel(const cl::Context& context, const cl::Device& device);

  // in and out hold width * height pixels (1 byte each) and must be distinct buffers.
  // Throws std::invalid_argument for a radius outside 1..32 or a non-positive size.
  BlurEvents enqueue_grey(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out, int width,
                          int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});

  // As enqueue_grey with 4 bytes per pixel (R, G, B, A), every channel blurred independently.
  BlurEvents enqueue_rgba(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out, int width,
                          int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});

 private:
  struct Passes {
    cl::Kernel rows;
    cl::Kernel columns;
  };
  BlurEvents enqueue(Passes& passes, int channels, const cl::CommandQueue& queue, const cl::Buffer& in,
                     const cl::Buffer& out, int width, int height, int radius, BlurBorder border,
                     const std::vector<cl::Event>& wait_for);

  cl::Context context_;
  int group_size_;
  Passes grey_;
  Passes rgba_;
  cl::Buffer row_sums_;
  std::size_t row_sums_bytes_ = 0;
};

}  // namespace stereocl
