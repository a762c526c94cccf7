#pragma once
// GPU (external memory) mode's shared objects at one size: two buffers (linear depth; the
// stereogram offsets) and two binary semaphores (GL done; CL done), allocated by Vulkan and
// imported by GL and by OpenCL. Hand-overs are semaphores on the GPU: no acquire of GL objects,
// no CPU wait.
#include "compute/cl/cl_environment.hpp"
#include "compute/cl/cl_external_memory.hpp"
#include "pipeline/vulkan_exporter.hpp"
#include "render/gl_external_memory.hpp"

#include <cstdint>
#include <memory>
#include <optional>

namespace stereocl {

class ExternalMemoryLink {
 public:
  // Vulkan, then GL, then OpenCL, each step on this machine as far as it goes: throws
  // std::runtime_error naming the step that failed and the API's error. The GL context must be current.
  ExternalMemoryLink(ClEnvironment& cl, std::uint64_t depth_floats, std::uint64_t offsets_floats);

  std::uint64_t depth_floats() const { return depth_floats_; }
  std::uint64_t offsets_floats() const { return offsets_floats_; }
  GLuint gl_depth() const { return gl_depth_->get(); }
  GLuint gl_offsets() const { return gl_offsets_->get(); }
  GLuint offsets_texture() const { return offsets_texture_.get(); }
  const std::string& vulkan_device() const { return vulkan_->device_name(); }

  // GL's depth pass so far -> the queue's next commands (which may use cl_depth()).
  void hand_depth_to_cl(cl::CommandQueue& queue);
  // The queue's commands so far (which wrote cl_offsets()) -> GL's next commands.
  void hand_offsets_to_gl(cl::CommandQueue& queue);
  const cl::Buffer& cl_depth() const { return cl_depth_; }
  const cl::Buffer& cl_offsets() const { return cl_offsets_; }

 private:
  std::uint64_t depth_floats_, offsets_floats_;
  std::unique_ptr<VulkanExporter> vulkan_;
  std::size_t depth_memory_, offsets_memory_, gl_done_, cl_done_;
  std::optional<GlImportedBuffer> gl_depth_, gl_offsets_;
  gl::Texture offsets_texture_;
  std::optional<GlImportedSemaphore> gl_done_in_gl_, cl_done_in_gl_;
  std::optional<ClExternalCalls> calls_;
  cl::Buffer cl_depth_, cl_offsets_;
  std::optional<ClImportedSemaphore> gl_done_in_cl_, cl_done_in_cl_;
};

}  // namespace stereocl
