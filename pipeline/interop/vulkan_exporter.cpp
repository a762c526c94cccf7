#include "pipeline/interop/vulkan_exporter.hpp"

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace stereocl {
namespace {

std::string result_name(VkResult result) {
  switch (result) {
    case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
    case VK_ERROR_INVALID_EXTERNAL_HANDLE: return "VK_ERROR_INVALID_EXTERNAL_HANDLE";
    case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    default: return "VkResult " + std::to_string(static_cast<int>(result));
  }
}

void check(VkResult result, const std::string& step) {
  if (result != VK_SUCCESS) throw std::runtime_error(step + " returned " + result_name(result));
}

constexpr const char* kDeviceExtensions[] = {VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
                                             VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME};

bool has_device_extensions(VkPhysicalDevice device) {
  std::uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> available(count);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, available.data());
  return std::ranges::all_of(kDeviceExtensions, [&](const char* wanted) {
    return std::ranges::any_of(available, [&](const VkExtensionProperties& p) { return std::strcmp(p.extensionName, wanted) == 0; });
  });
}

struct DeviceIdentity {
  std::string name;
  std::uint8_t uuid[VK_UUID_SIZE];
};

DeviceIdentity identify(VkPhysicalDevice device) {
  VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &id};
  vkGetPhysicalDeviceProperties2(device, &properties);
  DeviceIdentity identity{properties.properties.deviceName, {}};
  std::memcpy(identity.uuid, id.deviceUUID, VK_UUID_SIZE);
  return identity;
}

}  // namespace

struct VulkanExporter::Objects {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  std::string device_name;
  struct Memory {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize size = 0;
  };
  std::vector<Memory> memories;
  std::vector<VkSemaphore> semaphores;
  PFN_vkGetMemoryFdKHR get_memory_fd = nullptr;
  PFN_vkGetSemaphoreFdKHR get_semaphore_fd = nullptr;

  ~Objects() {
    for (VkSemaphore semaphore : semaphores) vkDestroySemaphore(device, semaphore, nullptr);
    for (const Memory& memory : memories) {
      vkDestroyBuffer(device, memory.buffer, nullptr);
      vkFreeMemory(device, memory.memory, nullptr);
    }
    if (device) vkDestroyDevice(device, nullptr);
    if (instance) vkDestroyInstance(instance, nullptr);
  }

  void pick_physical_device(std::span<const std::uint8_t> uuid) {
    std::uint32_t count = 0;
    check(vkEnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(count);
    check(vkEnumeratePhysicalDevices(instance, &count, devices.data()), "vkEnumeratePhysicalDevices");
    std::string seen;
    VkPhysicalDevice first_exporter = VK_NULL_HANDLE;
    for (VkPhysicalDevice candidate : devices) {
      const DeviceIdentity identity = identify(candidate);
      seen += (seen.empty() ? "" : ", ") + identity.name;
      if (!has_device_extensions(candidate)) continue;
      if (!first_exporter) first_exporter = candidate;
      if (uuid.size() == VK_UUID_SIZE && std::memcmp(uuid.data(), identity.uuid, VK_UUID_SIZE) == 0) {
        physical = candidate;
        break;
      }
    }
    if (devices.empty()) throw std::runtime_error("no Vulkan device (vkEnumeratePhysicalDevices found none)");
    if (!first_exporter) throw std::runtime_error("no Vulkan device exports opaque fds (seen: " + seen + ")");
    const bool guessed = !physical && uuid.size() == VK_UUID_SIZE;
    // An OpenCL device without cl_khr_device_uuid, or a driver whose UUIDs differ between its
    // APIs: the first exporter is most likely the same GPU, and an import into the wrong one fails anyway.
    if (!physical) physical = first_exporter;
    device_name = identify(physical).name;
    // The notice that names the device (external_memory_backend.cpp) then says it was a guess.
    if (guessed) device_name += " (no Vulkan device has the OpenCL device's UUID: the first that exports)";
  }

  void create_device() {
    const float priority = 1.f;
    VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    info.enabledExtensionCount = static_cast<std::uint32_t>(std::size(kDeviceExtensions));
    info.ppEnabledExtensionNames = kDeviceExtensions;
    check(vkCreateDevice(physical, &info, nullptr, &device), "vkCreateDevice on " + device_name + " with " +
                                                                 kDeviceExtensions[0] + " and " + kDeviceExtensions[1]);
    get_memory_fd = reinterpret_cast<PFN_vkGetMemoryFdKHR>(vkGetDeviceProcAddr(device, "vkGetMemoryFdKHR"));
    get_semaphore_fd = reinterpret_cast<PFN_vkGetSemaphoreFdKHR>(vkGetDeviceProcAddr(device, "vkGetSemaphoreFdKHR"));
    if (!get_memory_fd || !get_semaphore_fd)
      throw std::runtime_error("Vulkan device " + device_name + " has no vkGetMemoryFdKHR / vkGetSemaphoreFdKHR");
  }

  std::uint32_t device_local_type(std::uint32_t allowed) const {
    VkPhysicalDeviceMemoryProperties properties;
    vkGetPhysicalDeviceMemoryProperties(physical, &properties);
    for (std::uint32_t type = 0; type < properties.memoryTypeCount; ++type)
      if ((allowed >> type & 1u) && (properties.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
        return type;
    for (std::uint32_t type = 0; type < properties.memoryTypeCount; ++type)
      if (allowed >> type & 1u) return type;  // lavapipe's memory is all host memory
    throw std::runtime_error("Vulkan device " + device_name + " offers no memory type for an exportable buffer");
  }
};

VulkanExporter::VulkanExporter(std::span<const std::uint8_t> device_uuid) : objects_(std::make_unique<Objects>()) {
  VkApplicationInfo application{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  application.pApplicationName = "stereocl";
  application.apiVersion = VK_API_VERSION_1_1;  // external memory and semaphores, device UUIDs are core in 1.1
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &application;
  const VkResult created = vkCreateInstance(&info, nullptr, &objects_->instance);
  // The loader says INCOMPATIBLE_DRIVER when no driver is installed at all: say what to install.
  if (created == VK_ERROR_INCOMPATIBLE_DRIVER)
    throw std::runtime_error("no Vulkan 1.1 driver is installed (install the GPU vendor's Vulkan driver, or "
                             "mesa-vulkan-drivers on Debian; vulkaninfo lists what is there)");
  check(created, "vkCreateInstance (Vulkan 1.1)");
  objects_->pick_physical_device(device_uuid);
  objects_->create_device();
}

VulkanExporter::~VulkanExporter() = default;

const std::string& VulkanExporter::device_name() const { return objects_->device_name; }

std::size_t VulkanExporter::allocate(std::uint64_t bytes) {
  Objects& o = *objects_;
  Objects::Memory& memory = o.memories.emplace_back();
  VkExternalMemoryBufferCreateInfo external{VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
  external.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkBufferCreateInfo buffer{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, &external};
  buffer.size = bytes;
  buffer.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  check(vkCreateBuffer(o.device, &buffer, nullptr, &memory.buffer), "vkCreateBuffer (exportable, " + std::to_string(bytes) + " bytes)");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(o.device, memory.buffer, &requirements);
  // Not a dedicated allocation: GL would then have to be told so (GL_DEDICATED_MEMORY_OBJECT_EXT),
  // and the probe (../shared/gpu/probes) imported plain allocations into GL and CL.
  VkExportMemoryAllocateInfo exported{VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO};
  exported.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkMemoryAllocateInfo allocation{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, &exported};
  allocation.allocationSize = requirements.size;
  allocation.memoryTypeIndex = o.device_local_type(requirements.memoryTypeBits);
  check(vkAllocateMemory(o.device, &allocation, nullptr, &memory.memory),
        "vkAllocateMemory (exportable, " + std::to_string(requirements.size) + " bytes)");
  check(vkBindBufferMemory(o.device, memory.buffer, memory.memory, 0), "vkBindBufferMemory");
  memory.size = requirements.size;
  return o.memories.size() - 1;
}

std::uint64_t VulkanExporter::allocation_size(std::size_t memory) const { return objects_->memories.at(memory).size; }

int VulkanExporter::export_memory(std::size_t memory) {
  VkMemoryGetFdInfoKHR info{VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR};
  info.memory = objects_->memories.at(memory).memory;
  info.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  int fd = -1;
  check(objects_->get_memory_fd(objects_->device, &info, &fd), "vkGetMemoryFdKHR (opaque fd)");
  return fd;
}

std::size_t VulkanExporter::create_semaphore() {
  VkExportSemaphoreCreateInfo exported{VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO};
  exported.handleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &exported};
  VkSemaphore semaphore = VK_NULL_HANDLE;
  check(vkCreateSemaphore(objects_->device, &info, nullptr, &semaphore), "vkCreateSemaphore (exportable)");
  objects_->semaphores.push_back(semaphore);
  return objects_->semaphores.size() - 1;
}

int VulkanExporter::export_semaphore(std::size_t semaphore) {
  VkSemaphoreGetFdInfoKHR info{VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR};
  info.semaphore = objects_->semaphores.at(semaphore);
  info.handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  int fd = -1;
  check(objects_->get_semaphore_fd(objects_->device, &info, &fd), "vkGetSemaphoreFdKHR (opaque fd)");
  return fd;
}

}  // namespace stereocl
