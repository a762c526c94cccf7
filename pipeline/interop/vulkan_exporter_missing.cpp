#include "pipeline/interop/vulkan_exporter.hpp"

#include <stdexcept>

namespace stereocl {

// This build has no Vulkan (STEREOCL_VULKAN=OFF, or no libvulkan-dev when it was configured).
struct VulkanExporter::Objects {};

VulkanExporter::VulkanExporter(std::span<const std::uint8_t>) {
  throw std::runtime_error("this build has no Vulkan (configure with libvulkan-dev installed)");
}
VulkanExporter::~VulkanExporter() = default;
const std::string& VulkanExporter::device_name() const { throw std::logic_error("no Vulkan"); }
std::size_t VulkanExporter::allocate(std::uint64_t) { throw std::logic_error("no Vulkan"); }
std::uint64_t VulkanExporter::allocation_size(std::size_t) const { throw std::logic_error("no Vulkan"); }
int VulkanExporter::export_memory(std::size_t) { throw std::logic_error("no Vulkan"); }
std::size_t VulkanExporter::create_semaphore() { throw std::logic_error("no Vulkan"); }
int VulkanExporter::export_semaphore(std::size_t) { throw std::logic_error("no Vulkan"); }

}  // namespace stereocl
