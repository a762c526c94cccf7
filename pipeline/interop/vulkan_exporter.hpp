#pragma once
// Vulkan as the allocator of the memory and semaphores GL and OpenCL share in GPU (external
// memory) mode: NVIDIA's GL and OpenCL both import opaque fds but neither exports them, and
// Vulkan does. Built from vulkan_exporter.cpp where Vulkan's headers exist (STEREOCL_VULKAN),
// else from vulkan_exporter_missing.cpp, whose constructor says so.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace stereocl {

class VulkanExporter {
 public:
  // The Vulkan device whose UUID is `device_uuid` (the OpenCL device's, so that all three APIs
  // name one GPU), or, where that is empty, the first that can export opaque fds. Throws
  // std::runtime_error naming the step that failed and Vulkan's error ("vkCreateDevice ...
  // returned VK_ERROR_EXTENSION_NOT_PRESENT").
  explicit VulkanExporter(std::span<const std::uint8_t> device_uuid);
  ~VulkanExporter();
  VulkanExporter(const VulkanExporter&) = delete;
  VulkanExporter& operator=(const VulkanExporter&) = delete;

  const std::string& device_name() const;

  // Device-local memory for a buffer of `bytes`; returns its index. Throws like the constructor.
  std::size_t allocate(std::uint64_t bytes);
  std::uint64_t allocation_size(std::size_t memory) const;  // what the importers must be told: >= bytes
  // A new fd for the memory each call: every import takes one (and owns it where it succeeds).
  int export_memory(std::size_t memory);

  // A binary semaphore; returns its index.
  std::size_t create_semaphore();
  int export_semaphore(std::size_t semaphore);

 private:
  struct Objects;
  std::unique_ptr<Objects> objects_;
};

}  // namespace stereocl
