#pragma once
// GPU (external memory) mode's shared objects at one size, as two frame slots: each holds a depth
// buffer (linear depth), an offsets buffer (the stereogram kernel's output) and two binary
// semaphores (GL done with the depth; OpenCL done with the offsets), allocated by Vulkan and
// imported by GL and by OpenCL. Two slots let --pipeline keep a frame in flight: GL draws and
// composes one slot while OpenCL computes the other, and neither waits for the frame it has just
// submitted. Hand-overs are semaphores on the GPU: no acquire of GL objects, no CPU wait.
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
  static constexpr int kSlots = 2;
  GLuint gl_depth(int slot) const { return slots_[slot].gl_depth->get(); }
  GLuint gl_offsets(int slot) const { return slots_[slot].gl_offsets->get(); }
  GLuint offsets_texture(int slot) const { return slots_[slot].offsets_texture.get(); }
  const cl::Buffer& cl_depth(int slot) const { return slots_[slot].cl_depth; }
  const cl::Buffer& cl_offsets(int slot) const { return slots_[slot].cl_offsets; }
  const std::string& vulkan_device() const { return vulkan_->device_name(); }

  // GL's commands so far (the depth pass into `slot`) -> the queue's next commands (which may use
  // the slot's buffers): signal_from_gl() then wait_in_cl().
  void hand_depth_to_cl(cl::CommandQueue& queue, int slot);
  // The queue's commands so far (which wrote the slot's offsets) -> GL's next commands:
  // signal_from_cl() then wait_in_gl().
  void hand_offsets_to_gl(cl::CommandQueue& queue, int slot);
  // The halves, for a frame in flight, where GL's wait for a slot's offsets comes a frame after
  // OpenCL's signal. Binary semaphores: every signal must be waited for once before the next.
  void signal_from_gl(int slot);
  void wait_in_cl(cl::CommandQueue& queue, int slot);
  void signal_from_cl(cl::CommandQueue& queue, int slot);
  void wait_in_gl(int slot);

 private:
  struct Slot {
    std::size_t depth_memory = 0, offsets_memory = 0, gl_done = 0, cl_done = 0;  // Vulkan's
    std::optional<GlImportedBuffer> gl_depth, gl_offsets;
    gl::Texture offsets_texture;
    std::optional<GlImportedSemaphore> gl_done_in_gl, cl_done_in_gl;
    cl::Buffer cl_depth, cl_offsets;
    std::optional<ClImportedSemaphore> gl_done_in_cl, cl_done_in_cl;
  };
  std::array<cl_mem, 2 * kSlots> imported_buffers() const;  // what OpenCL acquires and releases

  std::uint64_t depth_floats_, offsets_floats_;
  std::unique_ptr<VulkanExporter> vulkan_;
  std::optional<ClExternalCalls> calls_;
  std::array<Slot, kSlots> slots_;
};

}  // namespace stereocl
