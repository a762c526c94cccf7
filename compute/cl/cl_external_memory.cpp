#include "compute/cl/cl_external_memory.hpp"

#include "compute/cl/cl_header_names.hpp"
#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_vendor_calls.hpp"

#include <stdexcept>

namespace stereocl {
namespace {

void check(cl_int status, const std::string& call) {
  if (status != CL_SUCCESS) throw std::runtime_error(call + " returned " + cl_error_name(status));
}

template <class Function>
Function look_up(const cl::Platform& platform, const char* name, bool required) {
  void* address = vendor_extension_call(platform, name);
  if (!address && required) throw std::runtime_error(std::string("the OpenCL platform has no ") + name);
  return reinterpret_cast<Function>(address);
}

}  // namespace

Status cl_imports_external_memory(const cl::Device& device) {
  const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
  for (const char* wanted : {"cl_khr_external_memory_opaque_fd", "cl_khr_external_semaphore_opaque_fd"})
    if (extensions.find(wanted) == std::string::npos)
      return failure("OpenCL device " + device.getInfo<CL_DEVICE_NAME>() + " lacks " + wanted);
  return {};
}

std::vector<std::uint8_t> cl_device_uuid(const cl::Device& device) {
  if (device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_device_uuid") == std::string::npos) return {};
  std::vector<std::uint8_t> uuid(CL_UUID_SIZE_KHR);
  if (clGetDeviceInfo(device(), CL_DEVICE_UUID_KHR, uuid.size(), uuid.data(), nullptr) != CL_SUCCESS) return {};
  return uuid;
}

ClExternalCalls::ClExternalCalls(const cl::Platform& platform)
    : create_semaphore(look_up<clCreateSemaphoreWithPropertiesKHR_fn>(platform, "clCreateSemaphoreWithPropertiesKHR", true)),
      wait_semaphores(look_up<clEnqueueWaitSemaphoresKHR_fn>(platform, "clEnqueueWaitSemaphoresKHR", true)),
      signal_semaphores(look_up<clEnqueueSignalSemaphoresKHR_fn>(platform, "clEnqueueSignalSemaphoresKHR", true)),
      release_semaphore(look_up<clReleaseSemaphoreKHR_fn>(platform, "clReleaseSemaphoreKHR", true)),
      acquire(look_up<clEnqueueAcquireExternalMemObjectsKHR_fn>(platform, "clEnqueueAcquireExternalMemObjectsKHR", false)),
      release(look_up<clEnqueueReleaseExternalMemObjectsKHR_fn>(platform, "clEnqueueReleaseExternalMemObjectsKHR", false)) {}

cl::Buffer import_cl_buffer(const cl::Context& context, const cl::Device& device, int fd, std::size_t bytes) {
  const cl_mem_properties properties[] = {CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR, static_cast<cl_mem_properties>(fd),
                                          cl_names::kMemDeviceHandleList,
                                          reinterpret_cast<cl_mem_properties>(device()),
                                          cl_names::kMemDeviceHandleListEnd, 0};
  cl_int status = CL_SUCCESS;
  cl_mem memory = clCreateBufferWithProperties(context(), properties, CL_MEM_READ_WRITE, bytes, nullptr, &status);
  check(status, "clCreateBufferWithProperties (opaque fd, " + std::to_string(bytes) + " bytes)");
  return cl::Buffer(memory);  // takes the reference clCreateBufferWithProperties returned
}

ClImportedSemaphore::ClImportedSemaphore(const ClExternalCalls& calls, const cl::Context& context, int fd)
    : calls_(calls) {
  // No device list: the context has one device, and these are the properties the probe used
  // (../shared/gpu/probes).
  const cl_semaphore_properties_khr properties[] = {CL_SEMAPHORE_TYPE_KHR, CL_SEMAPHORE_TYPE_BINARY_KHR,
                                                    CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR,
                                                    static_cast<cl_semaphore_properties_khr>(fd), 0};
  cl_int status = CL_SUCCESS;
  semaphore_ = calls_.create_semaphore(context(), properties, &status);
  check(status, "clCreateSemaphoreWithPropertiesKHR (binary, opaque fd)");
}

ClImportedSemaphore::~ClImportedSemaphore() {
  if (semaphore_) calls_.release_semaphore(semaphore_);
}

// Enqueue failures are cl::Error, like every other OpenCL call made while a frame is drawn, so the
// demo's one handler for a failing mode takes them (pipeline/engine.cpp, render_frame).
void ClImportedSemaphore::wait(cl::CommandQueue& queue) const {
  const cl_int status = calls_.wait_semaphores(queue(), 1, &semaphore_, nullptr, 0, nullptr, nullptr);
  if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueWaitSemaphoresKHR");
}

void ClImportedSemaphore::signal(cl::CommandQueue& queue) const {
  const cl_int status = calls_.signal_semaphores(queue(), 1, &semaphore_, nullptr, 0, nullptr, nullptr);
  if (status != CL_SUCCESS) throw cl::Error(status, "clEnqueueSignalSemaphoresKHR");
}

}  // namespace stereocl
