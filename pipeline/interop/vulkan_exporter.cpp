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

// Vulkan's functions, from the loader (libvulkan.so.1, Debian's libvulkan1) by name.
struct VulkanCalls {
  PFN_vkGetInstanceProcAddr GetInstanceProcAddr = nullptr;
  PFN_vkCreateInstance CreateInstance = nullptr;
  PFN_vkDestroyInstance DestroyInstance = nullptr;
  PFN_vkEnumeratePhysicalDevices EnumeratePhysicalDevices = nullptr;
  PFN_vkEnumerateDeviceExtensionProperties EnumerateDeviceExtensionProperties = nullptr;
  PFN_vkGetPhysicalDeviceProperties2 GetPhysicalDeviceProperties2 = nullptr;
  PFN_vkGetPhysicalDeviceMemoryProperties GetPhysicalDeviceMemoryProperties = nullptr;
  PFN_vkCreateDevice CreateDevice = nullptr;
  PFN_vkGetDeviceProcAddr GetDeviceProcAddr = nullptr;
  PFN_vkDestroyDevice DestroyDevice = nullptr;
  PFN_vkCreateBuffer CreateBuffer = nullptr;
  PFN_vkDestroyBuffer DestroyBuffer = nullptr;
  PFN_vkGetBufferMemoryRequirements GetBufferMemoryRequirements = nullptr;
  PFN_vkAllocateMemory AllocateMemory = nullptr;
  PFN_vkFreeMemory FreeMemory = nullptr;
  PFN_vkBindBufferMemory BindBufferMemory = nullptr;
  PFN_vkCreateSemaphore CreateSemaphore = nullptr;
  PFN_vkDestroySemaphore DestroySemaphore = nullptr;
  PFN_vkGetMemoryFdKHR GetMemoryFdKHR = nullptr;
  PFN_vkGetSemaphoreFdKHR GetSemaphoreFdKHR = nullptr;
};

template <class Function, class Owner, class Getter>
Function vulkan_call(Getter get, Owner owner, const char* name) {
  const auto function = reinterpret_cast<Function>(get(owner, name));
  if (!function) throw std::runtime_error(std::string("the Vulkan loader gives no ") + name);
  return function;
}

// The loader is linked (Debian's libvulkan1); every other call is the instance's or the device's,
// asked of it by name, so a driver's own entry points are used.
PFN_vkGetInstanceProcAddr vulkan_loader() { return vkGetInstanceProcAddr; }

void load_instance_calls(VulkanCalls& vk, VkInstance instance) {
  const PFN_vkGetInstanceProcAddr get = vk.GetInstanceProcAddr;
  vk.DestroyInstance = vulkan_call<PFN_vkDestroyInstance>(get, instance, "vkDestroyInstance");
  vk.EnumeratePhysicalDevices = vulkan_call<PFN_vkEnumeratePhysicalDevices>(get, instance, "vkEnumeratePhysicalDevices");
  vk.EnumerateDeviceExtensionProperties =
      vulkan_call<PFN_vkEnumerateDeviceExtensionProperties>(get, instance, "vkEnumerateDeviceExtensionProperties");
  vk.GetPhysicalDeviceProperties2 =
      vulkan_call<PFN_vkGetPhysicalDeviceProperties2>(get, instance, "vkGetPhysicalDeviceProperties2");
  vk.GetPhysicalDeviceMemoryProperties =
      vulkan_call<PFN_vkGetPhysicalDeviceMemoryProperties>(get, instance, "vkGetPhysicalDeviceMemoryProperties");
  vk.CreateDevice = vulkan_call<PFN_vkCreateDevice>(get, instance, "vkCreateDevice");
  vk.GetDeviceProcAddr = vulkan_call<PFN_vkGetDeviceProcAddr>(get, instance, "vkGetDeviceProcAddr");
}

void load_device_calls(VulkanCalls& vk, VkDevice device) {
  const PFN_vkGetDeviceProcAddr get = vk.GetDeviceProcAddr;
  vk.DestroyDevice = vulkan_call<PFN_vkDestroyDevice>(get, device, "vkDestroyDevice");
  vk.CreateBuffer = vulkan_call<PFN_vkCreateBuffer>(get, device, "vkCreateBuffer");
  vk.DestroyBuffer = vulkan_call<PFN_vkDestroyBuffer>(get, device, "vkDestroyBuffer");
  vk.GetBufferMemoryRequirements =
      vulkan_call<PFN_vkGetBufferMemoryRequirements>(get, device, "vkGetBufferMemoryRequirements");
  vk.AllocateMemory = vulkan_call<PFN_vkAllocateMemory>(get, device, "vkAllocateMemory");
  vk.FreeMemory = vulkan_call<PFN_vkFreeMemory>(get, device, "vkFreeMemory");
  vk.BindBufferMemory = vulkan_call<PFN_vkBindBufferMemory>(get, device, "vkBindBufferMemory");
  vk.CreateSemaphore = vulkan_call<PFN_vkCreateSemaphore>(get, device, "vkCreateSemaphore");
  vk.DestroySemaphore = vulkan_call<PFN_vkDestroySemaphore>(get, device, "vkDestroySemaphore");
  vk.GetMemoryFdKHR = vulkan_call<PFN_vkGetMemoryFdKHR>(get, device, "vkGetMemoryFdKHR");
  vk.GetSemaphoreFdKHR = vulkan_call<PFN_vkGetSemaphoreFdKHR>(get, device, "vkGetSemaphoreFdKHR");
}

constexpr const char* kDeviceExtensions[] = {VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
                                             VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME};

bool has_device_extensions(const VulkanCalls& vk, VkPhysicalDevice device) {
  std::uint32_t count = 0;
  vk.EnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> available(count);
  vk.EnumerateDeviceExtensionProperties(device, nullptr, &count, available.data());
  return std::ranges::all_of(kDeviceExtensions, [&](const char* wanted) {
    return std::ranges::any_of(available, [&](const VkExtensionProperties& p) { return std::strcmp(p.extensionName, wanted) == 0; });
  });
}

struct DeviceIdentity {
  std::string name;
  std::uint8_t uuid[VK_UUID_SIZE];
};

DeviceIdentity identify(const VulkanCalls& vk, VkPhysicalDevice device) {
  VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &id};
  vk.GetPhysicalDeviceProperties2(device, &properties);
  DeviceIdentity identity{properties.properties.deviceName, {}};
  std::memcpy(identity.uuid, id.deviceUUID, VK_UUID_SIZE);
  return identity;
}

}  // namespace

struct VulkanExporter::Objects {
  VulkanCalls vk;
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

  ~Objects() {
    for (VkSemaphore semaphore : semaphores) vk.DestroySemaphore(device, semaphore, nullptr);
    for (const Memory& memory : memories) {
      vk.DestroyBuffer(device, memory.buffer, nullptr);
      vk.FreeMemory(device, memory.memory, nullptr);
    }
    if (device && vk.DestroyDevice) vk.DestroyDevice(device, nullptr);
    if (instance && vk.DestroyInstance) vk.DestroyInstance(instance, nullptr);
  }

  void pick_physical_device(std::span<const std::uint8_t> uuid) {
    std::uint32_t count = 0;
    check(vk.EnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(count);
    check(vk.EnumeratePhysicalDevices(instance, &count, devices.data()), "vkEnumeratePhysicalDevices");
    std::string seen;
    VkPhysicalDevice first_exporter = VK_NULL_HANDLE;
    for (VkPhysicalDevice candidate : devices) {
      const DeviceIdentity identity = identify(vk, candidate);
      seen += (seen.empty() ? "" : ", ") + identity.name;
      if (!has_device_extensions(vk, candidate)) continue;
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
    device_name = identify(vk, physical).name;
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
    check(vk.CreateDevice(physical, &info, nullptr, &device), "vkCreateDevice on " + device_name + " with " +
                                                                   kDeviceExtensions[0] + " and " + kDeviceExtensions[1]);
    load_device_calls(vk, device);
  }

  std::uint32_t device_local_type(std::uint32_t allowed) const {
    VkPhysicalDeviceMemoryProperties properties;
    vk.GetPhysicalDeviceMemoryProperties(physical, &properties);
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
  VulkanCalls& vk = objects_->vk;
  vk.GetInstanceProcAddr = vulkan_loader();
  vk.CreateInstance = vulkan_call<PFN_vkCreateInstance>(vk.GetInstanceProcAddr, VK_NULL_HANDLE, "vkCreateInstance");
  const VkResult created = vk.CreateInstance(&info, nullptr, &objects_->instance);
  // The loader says INCOMPATIBLE_DRIVER when no driver is installed at all: say what to install.
  if (created == VK_ERROR_INCOMPATIBLE_DRIVER)
    throw std::runtime_error("no Vulkan 1.1 driver is installed (install the GPU vendor's Vulkan driver, or "
                             "mesa-vulkan-drivers on Debian; vulkaninfo lists what is there)");
  check(created, "vkCreateInstance (Vulkan 1.1)");
  load_instance_calls(vk, objects_->instance);
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
  check(o.vk.CreateBuffer(o.device, &buffer, nullptr, &memory.buffer), "vkCreateBuffer (exportable, " + std::to_string(bytes) + " bytes)");
  VkMemoryRequirements requirements;
  o.vk.GetBufferMemoryRequirements(o.device, memory.buffer, &requirements);
  // Not a dedicated allocation: GL would then have to be told so (GL_DEDICATED_MEMORY_OBJECT_EXT),
  // and the probe (../shared/gpu/probes) imported plain allocations into GL and CL.
  VkExportMemoryAllocateInfo exported{VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO};
  exported.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkMemoryAllocateInfo allocation{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, &exported};
  allocation.allocationSize = requirements.size;
  allocation.memoryTypeIndex = o.device_local_type(requirements.memoryTypeBits);
  check(o.vk.AllocateMemory(o.device, &allocation, nullptr, &memory.memory),
        "vkAllocateMemory (exportable, " + std::to_string(requirements.size) + " bytes)");
  check(o.vk.BindBufferMemory(o.device, memory.buffer, memory.memory, 0), "vkBindBufferMemory");
  memory.size = requirements.size;
  return o.memories.size() - 1;
}

std::uint64_t VulkanExporter::allocation_size(std::size_t memory) const { return objects_->memories.at(memory).size; }

int VulkanExporter::export_memory(std::size_t memory) {
  VkMemoryGetFdInfoKHR info{VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR};
  info.memory = objects_->memories.at(memory).memory;
  info.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
  int fd = -1;
  check(objects_->vk.GetMemoryFdKHR(objects_->device, &info, &fd), "vkGetMemoryFdKHR (opaque fd)");
  return fd;
}

std::size_t VulkanExporter::create_semaphore() {
  VkExportSemaphoreCreateInfo exported{VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO};
  exported.handleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &exported};
  VkSemaphore semaphore = VK_NULL_HANDLE;
  check(objects_->vk.CreateSemaphore(objects_->device, &info, nullptr, &semaphore), "vkCreateSemaphore (exportable)");
  objects_->semaphores.push_back(semaphore);
  return objects_->semaphores.size() - 1;
}

int VulkanExporter::export_semaphore(std::size_t semaphore) {
  VkSemaphoreGetFdInfoKHR info{VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR};
  info.semaphore = objects_->semaphores.at(semaphore);
  info.handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
  int fd = -1;
  check(objects_->vk.GetSemaphoreFdKHR(objects_->device, &info, &fd), "vkGetSemaphoreFdKHR (opaque fd)");
  return fd;
}

}  // namespace stereocl
