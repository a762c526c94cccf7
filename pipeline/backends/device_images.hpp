#pragma once
// OpenCL images a back-end keeps for itself between frames, never shared with GL: every image a
// frame's chain only passes between its own kernels is one fewer object to acquire and release.
#include "render/gl_objects.hpp"

#include <CL/opencl.hpp>

namespace stereocl {

inline const cl::ImageFormat kFloatImageFormat(CL_R, CL_FLOAT);
inline const cl::ImageFormat kRgbaImageFormat(CL_RGBA, CL_UNORM_INT8);

// An image of one format, remade only when the size asked for changes.
class DeviceImageSlot {
 public:
  cl::Image2D& get(const cl::Context& context, const cl::ImageFormat& format, int width, int height);

 private:
  cl::Image2D image_;
  int width_ = 0, height_ = 0;
};

// A device copy of a GL_RGBA8 texture that changes seldom (the pattern), read from GL once and
// kept in the texture's views under `owner`, so that a remade texture gets a fresh copy.
const cl::Image2D& device_copy(const gl::Texture& texture, const cl::Context& context, const void* owner);

}  // namespace stereocl
