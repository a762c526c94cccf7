#pragma once
// Runs the symmetric stereogram kernel on a host depth map and reads its coordinates back, from
// images or from buffers (whichever storage the kernel was built for), and compares pictures to
// the bit (same_bits.hpp): shared by the image and the buffer kernel tests.
#include "cl_test_device.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "core/image.hpp"
#include "same_bits.hpp"

#include <gtest/gtest.h>

namespace stereocl::testing {

// Physical units at a screen's dpi: a 63.5 mm eye separation, a third of the depth of field.
inline SymmetricParams physical_symmetric_params(double dpi, int oversample, int pattern_columns) {
  SymmetricParams params;
  params.geometry = PhysicalGeometry{dpi, 63.5, 1.0 / 3.0};
  params.oversample = oversample;
  params.pattern_columns = pattern_columns;
  return params;
}

// The same parameters with the phase carried from the centre, as the demo uses for image patterns.
inline SymmetricParams flowing(SymmetricParams params) {
  params.group_colour = GroupColour::flowing;
  return params;
}

// The demo's random dots: each group a hashed dot, dot_size output pixels a side.
inline SymmetricParams hashed(SymmetricParams params, int dot_size = 1) {
  params.group_colour = GroupColour::hashed;
  params.dot_size = dot_size;
  return params;
}

inline OffsetImage symmetric_on_images(ClTestDevice& cl, SymmetricStereogramKernel& kernel, const DepthImage& depth) {
  const cl::ImageFormat format(CL_R, CL_FLOAT);
  const cl::Image2D depth_image(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, format, depth.width,
                                depth.height, 0, const_cast<float*>(depth.pixels.data()));
  const cl::Image2D coordinates_image(cl.context, CL_MEM_WRITE_ONLY, format, depth.width, depth.height);
  kernel.enqueue(cl.queue, depth_image, coordinates_image, depth.width, depth.height).wait();
  OffsetImage coordinates(depth.width, depth.height);
  cl.queue.enqueueReadImage(coordinates_image, CL_TRUE, {0, 0, 0},
                            {static_cast<cl::size_type>(depth.width), static_cast<cl::size_type>(depth.height), 1}, 0,
                            0, coordinates.pixels.data());
  return coordinates;
}

inline OffsetImage symmetric_on_buffers(ClTestDevice& cl, SymmetricStereogramKernel& kernel, const DepthImage& depth) {
  const std::size_t bytes = depth.pixels.size() * sizeof(float);
  const cl::Buffer depth_buffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                                const_cast<float*>(depth.pixels.data()));
  const cl::Buffer coordinates_buffer(cl.context, CL_MEM_WRITE_ONLY, bytes);
  kernel.enqueue(cl.queue, depth_buffer, coordinates_buffer, depth.width, depth.height).wait();
  OffsetImage coordinates(depth.width, depth.height);
  cl.queue.enqueueReadBuffer(coordinates_buffer, CL_TRUE, 0, bytes, coordinates.pixels.data());
  return coordinates;
}

}  // namespace stereocl::testing
