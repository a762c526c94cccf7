#pragma once
// Which extension entry points a platform's driver really implements.
//
// An application reaches a driver through the ICD loader, and ocl-icd answers
// clGetExtensionFunctionAddressForPlatform with a trampoline of its own for every name it knows,
// whether or not the vendor filled that slot of its dispatch table. Calling that trampoline for a
// driver without the function jumps through a null pointer: Mesa's rusticl and Clover (Debian 12)
// have no GL sharing and crashed the program at start-up. So a non-null address proves nothing;
// the vendor's dispatch table, which every ICD object starts with, does.
#include "core/result.hpp"

#include <CL/opencl.hpp>

#include <string>

namespace stereocl {

// Whether a space-separated extension list names `name` whole (never as a prefix of another).
bool lists_extension(const std::string& extensions, const std::string& name);

// Whether the platform's driver has every call GPU mode needs (clGetGLContextInfoKHR,
// clCreateFromGLTexture, clEnqueueAcquireGLObjects, clEnqueueReleaseGLObjects); if not, the first
// it lacks: "its driver has no GL sharing (no clCreateFromGLTexture)".
Status has_gl_sharing_calls(const cl::Platform& platform);

// Whether the driver implements clCreateEventFromGLsyncKHR (cl_khr_gl_event).
bool has_gl_event_call(const cl::Platform& platform);

// The driver's own entry point `name`, or nullptr where it has none. For calls the loader does not
// dispatch itself (cl_khr_external_semaphore and the like): the loader forwards those names to the
// vendor, whose answer can be trusted, but only once the vendor's table has the forwarding slot.
void* vendor_extension_call(const cl::Platform& platform, const char* name);

}  // namespace stereocl
