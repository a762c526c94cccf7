#pragma once
// Memory and semaphores another API exported as opaque fds, seen from OpenCL
// (cl_khr_external_memory_opaque_fd, cl_khr_external_semaphore_opaque_fd). Only buffers: the
// probe showed NVIDIA's OpenCL refusing images made from such memory (../shared/gpu/probes).
#include "core/result.hpp"

#include <CL/opencl.hpp>
#include <CL/cl_ext.h>

#include <cstdint>
#include <string>
#include <vector>

namespace stereocl {

// Whether the device can import buffers and semaphores from opaque fds; if not, why.
Status cl_imports_external_memory(const cl::Device& device);

// The device's UUID (cl_khr_device_uuid), so Vulkan can pick the same GPU; empty where it has none.
std::vector<std::uint8_t> cl_device_uuid(const cl::Device& device);

// The extension's entry points, looked up once for a platform. Throws std::runtime_error naming
// any that the platform does not have.
struct ClExternalCalls {
  explicit ClExternalCalls(const cl::Platform& platform);
  clCreateSemaphoreWithPropertiesKHR_fn create_semaphore = nullptr;
  clEnqueueWaitSemaphoresKHR_fn wait_semaphores = nullptr;
  clEnqueueSignalSemaphoresKHR_fn signal_semaphores = nullptr;
  clReleaseSemaphoreKHR_fn release_semaphore = nullptr;
  // Optional: a driver that keeps imported memory coherent by itself may lack them.
  clEnqueueAcquireExternalMemObjectsKHR_fn acquire = nullptr;
  clEnqueueReleaseExternalMemObjectsKHR_fn release = nullptr;
};

// A buffer over the imported memory; throws std::runtime_error with the CL error.
cl::Buffer import_cl_buffer(const cl::Context& context, const cl::Device& device, int fd, std::size_t bytes);

class ClImportedSemaphore {
 public:
  // Throws std::runtime_error with the CL error.
  ClImportedSemaphore(const ClExternalCalls& calls, const cl::Context& context, int fd);
  ~ClImportedSemaphore();
  ClImportedSemaphore(const ClImportedSemaphore&) = delete;
  ClImportedSemaphore& operator=(const ClImportedSemaphore&) = delete;

  // Enqueued: the queue's later commands wait for the semaphore / it is signalled after the earlier ones.
  void wait(cl::CommandQueue& queue) const;
  void signal(cl::CommandQueue& queue) const;

 private:
  const ClExternalCalls& calls_;
  cl_semaphore_khr semaphore_ = nullptr;
};

}  // namespace stereocl
