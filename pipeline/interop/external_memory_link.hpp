#pragma once
// GPU (external memory) mode's shared objects at one size: two depth buffers (linear depth; two so
// that --pipeline can draw the next frame's depth while OpenCL reads this one's), the stereogram
// offsets buffer and two binary semaphores (GL done; CL done), allocated by Vulkan and imported by
// GL and by OpenCL. Hand-overs are semaphores on the GPU: no acquire of GL objects, no CPU wait.
#include "compute/cl/cl_environment.hpp"
#include "compute/cl/cl_external_memory.hpp"
#include "pipeline/interop/vulkan_exporter.hpp"
#include "render/gl_external_memory.hpp"

#include <array>
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
  static constexpr int kDepthSlots = 2;
  GLuint gl_depth(int slot) const { return gl_depth_[slot]->get(); }
  GLuint gl_offsets() const { return gl_offsets_->get(); }
  GLuint offsets_texture() const { return offsets_texture_.get(); }
  const std::string& vulkan_device() const { return vulkan_->device_name(); }

  // GL's commands so far (the depth pass into `slot`) -> the queue's next commands (which may use
  // cl_depth(slot)): signal_from_gl() then wait_in_cl().
  void hand_depth_to_cl(cl::CommandQueue& queue, int slot);
  // The queue's commands so far (which wrote cl_offsets()) -> GL's next commands:
  // signal_from_cl() then wait_in_gl().
  void hand_offsets_to_gl(cl::CommandQueue& queue);
  // The halves, for --pipeline, where GL's signal comes a frame before OpenCL's wait. Binary
  // semaphores: every signal must be waited for once before the next.
  void signal_from_gl(int slot);  // names the slot's depth and the offsets
  void wait_in_cl(cl::CommandQueue& queue);
  void signal_from_cl(cl::CommandQueue& queue);
  void wait_in_gl();
  const cl::Buffer& cl_depth(int slot) const { return cl_depth_[slot]; }
  const cl::Buffer& cl_offsets() const { return cl_offsets_; }

 private:
  std::array<cl_mem, kDepthSlots + 1> imported_buffers() const;  // what OpenCL acquires and releases

  std::uint64_t depth_floats_, offsets_floats_;
  std::unique_ptr<VulkanExporter> vulkan_;
  std::size_t depth_memory_[kDepthSlots], offsets_memory_, gl_done_, cl_done_;
  std::optional<GlImportedBuffer> gl_depth_[kDepthSlots], gl_offsets_;
  gl::Texture offsets_texture_;
  std::optional<GlImportedSemaphore> gl_done_in_gl_, cl_done_in_gl_;
  std::optional<ClExternalCalls> calls_;
  cl::Buffer cl_depth_[kDepthSlots], cl_offsets_;
  std::optional<ClImportedSemaphore> gl_done_in_cl_, cl_done_in_cl_;
};

}  // namespace stereocl
