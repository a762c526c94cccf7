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
    for (std::size_t& memory : depth_memory_) memory = vulkan_->allocate(depth_bytes);
    offsets_memory_ = vulkan_->allocate(offsets_bytes);
    gl_done_ = vulkan_->create_semaphore();
    cl_done_ = vulkan_->create_semaphore();
  });
  step("GL import", [&] {
    if (const Status imports = gl_imports_external_memory(); !imports) throw std::runtime_error(imports.error());
    for (int slot = 0; slot < kDepthSlots; ++slot)
      gl_depth_[slot].emplace(vulkan_->export_memory(depth_memory_[slot]), vulkan_->allocation_size(depth_memory_[slot]),
                              depth_bytes);
    gl_offsets_.emplace(vulkan_->export_memory(offsets_memory_), vulkan_->allocation_size(offsets_memory_), offsets_bytes);
    offsets_texture_ = make_float_buffer_texture(gl_offsets_->get(), offsets_floats);
    gl_done_in_gl_.emplace(vulkan_->export_semaphore(gl_done_));
    cl_done_in_gl_.emplace(vulkan_->export_semaphore(cl_done_));
  });
  step("OpenCL import", [&] {
    if (const Status imports = cl_imports_external_memory(cl.device); !imports)
      throw std::runtime_error(imports.error());
    calls_.emplace(cl.platform);
    for (int slot = 0; slot < kDepthSlots; ++slot)
      cl_depth_[slot] = import_cl_buffer(cl.context, cl.device, vulkan_->export_memory(depth_memory_[slot]), depth_bytes);
    cl_offsets_ = import_cl_buffer(cl.context, cl.device, vulkan_->export_memory(offsets_memory_), offsets_bytes);
    gl_done_in_cl_.emplace(*calls_, cl.context, vulkan_->export_semaphore(gl_done_));
    cl_done_in_cl_.emplace(*calls_, cl.context, vulkan_->export_semaphore(cl_done_));
  });
}

void ExternalMemoryLink::hand_depth_to_cl(cl::CommandQueue& queue, int slot) {
  signal_from_gl(slot);
  wait_in_cl(queue);
}

void ExternalMemoryLink::hand_offsets_to_gl(cl::CommandQueue& queue) {
  signal_from_cl(queue);
  wait_in_gl();
}

void ExternalMemoryLink::signal_from_gl(int slot) {
  // The depth pass wrote through a storage buffer, whose writes are not ordered by themselves.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  gl_done_in_gl_->signal({gl_depth(slot), gl_offsets()});
  glFlush();  // the signal must reach the GPU before OpenCL's wait for it can end
}

// Acquire and release cover every imported buffer: which depth slot the kernel reads is the
// caller's business, and the driver asks only that what the queue uses be acquired.
std::array<cl_mem, ExternalMemoryLink::kDepthSlots + 1> ExternalMemoryLink::imported_buffers() const {
  return {cl_depth_[0](), cl_depth_[1](), cl_offsets_()};
}

void ExternalMemoryLink::wait_in_cl(cl::CommandQueue& queue) {
  gl_done_in_cl_->wait(queue);
  if (calls_->acquire) {
    const auto objects = imported_buffers();
    const cl_int status =
        calls_->acquire(queue(), static_cast<cl_uint>(objects.size()), objects.data(), 0, nullptr, nullptr);
    if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueAcquireExternalMemObjectsKHR");
  }
}

void ExternalMemoryLink::signal_from_cl(cl::CommandQueue& queue) {
  if (calls_->release) {
    const auto objects = imported_buffers();
    const cl_int status =
        calls_->release(queue(), static_cast<cl_uint>(objects.size()), objects.data(), 0, nullptr, nullptr);
    if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueReleaseExternalMemObjectsKHR");
  }
  cl_done_in_cl_->signal(queue);
  queue.flush();  // likewise: GL's wait needs the signal submitted
}

void ExternalMemoryLink::wait_in_gl() { cl_done_in_gl_->wait({gl_offsets()}); }

}  // namespace stereocl
