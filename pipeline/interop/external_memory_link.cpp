#include "pipeline/interop/external_memory_link.hpp"

#include <stdexcept>

namespace stereocl {
namespace {

template <class Step>
auto step(const std::string& name, Step&& run) {
  try {
    return run();
  } catch (const std::exception& error) {
    throw std::runtime_error(name + ": " + error.what());
  }
}

}  // namespace

ExternalMemoryLink::ExternalMemoryLink(ClEnvironment& cl, std::uint64_t depth_floats, std::uint64_t offsets_floats)
    : depth_floats_(depth_floats),
      offsets_floats_(offsets_floats) {
  const std::uint64_t depth_bytes = depth_floats * sizeof(float), offsets_bytes = offsets_floats * sizeof(float);
  step("Vulkan", [&] {
    vulkan_ = std::make_unique<VulkanExporter>(cl_device_uuid(cl.device));
    for (Slot& slot : slots_) {
      slot.depth_memory = vulkan_->allocate(depth_bytes);
      slot.offsets_memory = vulkan_->allocate(offsets_bytes);
      slot.gl_done = vulkan_->create_semaphore();
      slot.cl_done = vulkan_->create_semaphore();
    }
  });
  step("GL import", [&] {
    if (const Status imports = gl_imports_external_memory(); !imports) throw std::runtime_error(imports.error());
    for (Slot& slot : slots_) {
      slot.gl_depth.emplace(vulkan_->export_memory(slot.depth_memory), vulkan_->allocation_size(slot.depth_memory),
                            depth_bytes);
      slot.gl_offsets.emplace(vulkan_->export_memory(slot.offsets_memory),
                              vulkan_->allocation_size(slot.offsets_memory), offsets_bytes);
      slot.offsets_texture = make_float_buffer_texture(slot.gl_offsets->get(), offsets_floats);
      slot.gl_done_in_gl.emplace(vulkan_->export_semaphore(slot.gl_done));
      slot.cl_done_in_gl.emplace(vulkan_->export_semaphore(slot.cl_done));
    }
  });
  step("OpenCL import", [&] {
    if (const Status imports = cl_imports_external_memory(cl.device); !imports)
      throw std::runtime_error(imports.error());
    calls_.emplace(cl.platform);
    for (Slot& slot : slots_) {
      slot.cl_depth = import_cl_buffer(cl.context, cl.device, vulkan_->export_memory(slot.depth_memory), depth_bytes);
      slot.cl_offsets =
          import_cl_buffer(cl.context, cl.device, vulkan_->export_memory(slot.offsets_memory), offsets_bytes);
      slot.gl_done_in_cl.emplace(*calls_, cl.context, vulkan_->export_semaphore(slot.gl_done));
      slot.cl_done_in_cl.emplace(*calls_, cl.context, vulkan_->export_semaphore(slot.cl_done));
    }
  });
}

void ExternalMemoryLink::hand_depth_to_cl(cl::CommandQueue& queue, int slot) {
  signal_from_gl(slot);
  wait_in_cl(queue, slot);
}

void ExternalMemoryLink::hand_offsets_to_gl(cl::CommandQueue& queue, int slot) {
  signal_from_cl(queue, slot);
  wait_in_gl(slot);
}

void ExternalMemoryLink::signal_from_gl(int slot) {
  // The depth pass wrote through a storage buffer, whose writes are not ordered by themselves.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  slots_[slot].gl_done_in_gl->signal({gl_depth(slot), gl_offsets(slot)});
  glFlush();  // the signal must reach the GPU before OpenCL's wait for it can end
}

// Acquire and release cover every imported buffer: which slot the kernel uses is the caller's
// business, and the driver asks only that what the queue uses be acquired.
std::array<cl_mem, 2 * ExternalMemoryLink::kSlots> ExternalMemoryLink::imported_buffers() const {
  std::array<cl_mem, 2 * kSlots> objects{};
  for (int slot = 0; slot < kSlots; ++slot) {
    objects[2 * slot] = slots_[slot].cl_depth();
    objects[2 * slot + 1] = slots_[slot].cl_offsets();
  }
  return objects;
}

void ExternalMemoryLink::wait_in_cl(cl::CommandQueue& queue, int slot) {
  slots_[slot].gl_done_in_cl->wait(queue);
  if (calls_->acquire) {
    const auto objects = imported_buffers();
    const cl_int status =
        calls_->acquire(queue(), static_cast<cl_uint>(objects.size()), objects.data(), 0, nullptr, nullptr);
    if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueAcquireExternalMemObjectsKHR");
  }
}

void ExternalMemoryLink::signal_from_cl(cl::CommandQueue& queue, int slot) {
  if (calls_->release) {
    const auto objects = imported_buffers();
    const cl_int status =
        calls_->release(queue(), static_cast<cl_uint>(objects.size()), objects.data(), 0, nullptr, nullptr);
    if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueReleaseExternalMemObjectsKHR");
  }
  slots_[slot].cl_done_in_cl->signal(queue);
  queue.flush();  // likewise: GL's wait needs the signal submitted
}

void ExternalMemoryLink::wait_in_gl(int slot) { slots_[slot].cl_done_in_gl->wait({gl_offsets(slot)}); }

}  // namespace stereocl
