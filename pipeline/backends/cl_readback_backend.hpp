#pragma once
// CPU-readback mode: the OpenCL kernels, with every image travelling through host memory (read
// back from GL into a mapped CL image, run, uploaded to GL from the mapped result). It is what
// works where the OpenCL device cannot share GL textures, and the honest baseline for GPU mode.
#include "compute/cl/cl_environment.hpp"
#include "pipeline/backends/backend.hpp"
#include "pipeline/backends/cl_kernels.hpp"
#include "pipeline/backends/device_images.hpp"
#include "render/pixel_transfer.hpp"

namespace stereocl {

class ClReadbackBackend final : public PassBackend {
 public:
  ClReadbackBackend(ClEnvironment& cl, ClKernels& kernels)
      : PassBackend(one_handover_plan), cl_(cl), kernels_(kernels) {}

 protected:
  // Depth read back, written to a device image, the kernel run, its result read and uploaded.
  Status offsets(const SpanIo& io, StageTimings& timings) override;
  // The effect's device function between two device images, through host memory both ways.
  void effect(const SpanIo& io, StageTimings& timings) override;
  Histogram256 histogram(const SpanIo& io, StageTimings& timings) override;
  // Depth read back and written once, the GPU-mode frame chain on device images, and only the
  // shown picture read and uploaded: one round trip a frame instead of one per step.
  Result<std::optional<Histogram256>> chain(std::span<const Pass> passes, const SpanIo& io,
                                            StageTimings& timings) override;

 private:
  // A device image of this format and size, reallocated only when the size changes.
  using DeviceImage = DeviceImageSlot;
  cl::Image2D& device_image(DeviceImage& slot, const cl::ImageFormat& format, int width, int height) {
    return slot.get(cl_.context, format, width, height);
  }
  // GL's RGBA picture -> device image, timing the copy as transfer.
  cl::Image2D& upload_rgba(const DisplayImage& source, DeviceImage& slot, StageTimings& timings);
  // The scene's depth read back into a device image of its size.
  cl::Image2D& upload_depth(const SceneTarget& scene);
  // A GL attachment read into a device image of its size (R32F where `depth`, else RGBA8), and a
  // device image uploaded into a GL texture: each through the image's mapping.
  cl::Image2D& upload(const DisplayImage& source, GLenum attachment, DeviceImage& slot, bool depth);
  // Rows first_row .. first_row + rows of the attachment into the top of `image`, through its mapping.
  void read_rows(const DisplayImage& source, GLenum attachment, const cl::Image2D& image, int first_row, int rows,
                 bool depth);
  void download(const cl::Image& image, GLuint texture, int width, int height, bool floats);

  ClEnvironment& cl_;
  ClKernels& kernels_;
  DeviceImage depth_image_, offsets_image_, rgba_in_, rgba_out_, picture_;
  DeviceImage histogram_rows_;  // a band of the picture whose histogram is counted
};

}  // namespace stereocl
