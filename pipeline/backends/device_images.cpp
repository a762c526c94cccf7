#include "pipeline/backends/device_images.hpp"

#include "render/pixel_transfer.hpp"

#include <memory>

namespace stereocl {

cl::Image2D& DeviceImageSlot::get(const cl::Context& context, const cl::ImageFormat& format, int width, int height) {
  if (width_ != width || height_ != height) {
    image_ = cl::Image2D(context, CL_MEM_READ_WRITE, format, static_cast<cl::size_type>(width),
                         static_cast<cl::size_type>(height));
    width_ = width;
    height_ = height;
  }
  return image_;
}

const cl::Image2D& device_copy(const gl::Texture& texture, const cl::Context& context, const void* owner) {
  std::shared_ptr<void>& slot = texture.view(owner, 0);
  if (!slot) {
    const RgbaImage pixels = read_texture_rgba(texture);
    slot = std::make_shared<cl::Image2D>(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kRgbaImageFormat,
                                         static_cast<cl::size_type>(pixels.width),
                                         static_cast<cl::size_type>(pixels.height), 0,
                                         const_cast<Rgba8*>(pixels.pixels.data()));
  }
  return *static_cast<const cl::Image2D*>(slot.get());
}

}  // namespace stereocl
