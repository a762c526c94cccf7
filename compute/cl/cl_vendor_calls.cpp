#include "compute/cl/cl_vendor_calls.hpp"

#include <CL/cl_icd.h>

#include <utility>

namespace stereocl {
namespace {

// Every object an ICD driver hands out begins with a pointer to its dispatch table (the
// cl_khr_icd contract the loader itself relies on).
struct IcdObject {
  const cl_icd_dispatch* dispatch;
};

// A table with no entries: what a platform that cannot even name its extensions is taken to have.
const cl_icd_dispatch kNothing{};

// The vendor's table, or nullptr where the platform is not an ICD driver (then the library we
// linked is the driver itself, and its own lookups answer truthfully).
const cl_icd_dispatch* dispatch_of(const cl::Platform& platform) {
  std::string extensions;
  try {
    platform.getInfo(CL_PLATFORM_EXTENSIONS, &extensions);
  } catch (const cl::Error&) {
    return &kNothing;
  }
  if (!lists_extension(extensions, "cl_khr_icd")) return nullptr;
  const cl_icd_dispatch* table = reinterpret_cast<const IcdObject*>(platform())->dispatch;
  return table ? table : &kNothing;
}

bool has_loader_call(const cl::Platform& platform, const char* name) {
  return clGetExtensionFunctionAddressForPlatform(platform(), name) != nullptr;
}

}  // namespace

bool lists_extension(const std::string& extensions, const std::string& name) {
  const std::string padded = " " + extensions + " ";
  return padded.find(" " + name + " ") != std::string::npos;
}

Status has_gl_sharing_calls(const cl::Platform& platform) {
  const cl_icd_dispatch* table = dispatch_of(platform);
  const std::pair<const char*, bool> calls[] = {
      {"clGetGLContextInfoKHR", table ? table->clGetGLContextInfoKHR != nullptr : has_loader_call(platform, "clGetGLContextInfoKHR")},
      {"clCreateFromGLTexture", !table || table->clCreateFromGLTexture != nullptr},
      {"clEnqueueAcquireGLObjects", !table || table->clEnqueueAcquireGLObjects != nullptr},
      {"clEnqueueReleaseGLObjects", !table || table->clEnqueueReleaseGLObjects != nullptr},
  };
  for (const auto& [name, present] : calls)
    if (!present) return failure("its driver has no GL sharing (no " + std::string(name) + ")");
  return {};
}

bool has_gl_event_call(const cl::Platform& platform) {
  const cl_icd_dispatch* table = dispatch_of(platform);
  return table ? table->clCreateEventFromGLsyncKHR != nullptr : has_loader_call(platform, "clCreateEventFromGLsyncKHR");
}

void* vendor_extension_call(const cl::Platform& platform, const char* name) {
  const cl_icd_dispatch* table = dispatch_of(platform);
  if (!table) return clGetExtensionFunctionAddressForPlatform(platform(), name);
  if (!table->clGetExtensionFunctionAddressForPlatform) return nullptr;
  return table->clGetExtensionFunctionAddressForPlatform(platform(), name);
}

}  // namespace stereocl
