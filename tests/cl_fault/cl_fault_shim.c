// LD_PRELOAD shim for tests: makes the OpenCL driver fail a kernel launch mid-run, the way a
// device that runs out of resources or is reset does. The program under test is unchanged: it
// meets a real error code from a real API call, through the same bindings as in production.
//   STEREOCL_FAULT_AFTER=N   the first N launches go through; every later one fails
//   STEREOCL_FAULT_CODE=C    the error returned (default CL_OUT_OF_RESOURCES, -5)
// It also makes a large device report the limits of a small one (many Intel and AMD GPUs), so
// that every choice the program sizes from them is the small device's:
//   STEREOCL_LIMIT_LOCAL_MEMORY=BYTES   CL_DEVICE_LOCAL_MEM_SIZE
//   STEREOCL_LIMIT_IMAGE2D=PIXELS       CL_DEVICE_IMAGE2D_MAX_WIDTH and _HEIGHT
// And it makes one platform's device query fail, as a broken or half-installed driver does:
//   STEREOCL_FAIL_PLATFORM=TEXT         clGetDeviceIDs fails (CL_OUT_OF_HOST_MEMORY) on every
//                                       platform whose name contains TEXT
// The local memory limit is reported, not enforced at launch: PoCL's CL_KERNEL_LOCAL_MEM_SIZE
// counts more than a kernel's own __local use (kernels with none reported over 32 KiB).
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef cl_int (*GetDeviceInfo)(cl_device_id, cl_device_info, size_t, void*, size_t*);
typedef cl_int (*GetDeviceIDs)(cl_platform_id, cl_device_type, cl_uint, cl_device_id*, cl_uint*);
typedef cl_int (*GetPlatformInfo)(cl_platform_id, cl_platform_info, size_t, void*, size_t*);
typedef cl_int (*EnqueueNDRange)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*,
                                  cl_uint, const cl_event*, cl_event*);

static atomic_long launches;

static long env_long(const char* name, long fallback) {
  const char* text = getenv(name);
  return text ? strtol(text, NULL, 10) : fallback;
}

// Lowers a reported limit to `limit` where that is set and smaller.
static void clamp_reported(void* value, size_t value_size, long limit) {
  if (limit <= 0 || !value) return;
  if (value_size == sizeof(cl_ulong)) {
    cl_ulong reported;
    memcpy(&reported, value, sizeof reported);
    if (reported > (cl_ulong)limit) reported = (cl_ulong)limit;
    memcpy(value, &reported, sizeof reported);
  } else if (value_size == sizeof(cl_uint)) {
    cl_uint reported;
    memcpy(&reported, value, sizeof reported);
    if (reported > (cl_uint)limit) reported = (cl_uint)limit;
    memcpy(value, &reported, sizeof reported);
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info name, size_t value_size, void* value,
                                                size_t* size_returned) {
  static GetDeviceInfo real;
  if (!real) real = (GetDeviceInfo)dlsym(RTLD_NEXT, "clGetDeviceInfo");
  const cl_int status = real(device, name, value_size, value, size_returned);
  if (status != CL_SUCCESS) return status;
  if (name == CL_DEVICE_LOCAL_MEM_SIZE) clamp_reported(value, value_size, env_long("STEREOCL_LIMIT_LOCAL_MEMORY", 0));
  if (name == CL_DEVICE_IMAGE2D_MAX_WIDTH || name == CL_DEVICE_IMAGE2D_MAX_HEIGHT)
    clamp_reported(value, value_size, env_long("STEREOCL_LIMIT_IMAGE2D", 0));
  return status;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type type, cl_uint entries,
                                               cl_device_id* devices, cl_uint* found) {
  static GetDeviceIDs real;
  static GetPlatformInfo platform_info;
  if (!real) real = (GetDeviceIDs)dlsym(RTLD_NEXT, "clGetDeviceIDs");
  if (!platform_info) platform_info = (GetPlatformInfo)dlsym(RTLD_NEXT, "clGetPlatformInfo");
  const char* failing = getenv("STEREOCL_FAIL_PLATFORM");
  char name[256] = {0};
  if (failing && *failing && platform_info(platform, CL_PLATFORM_NAME, sizeof name - 1, name, NULL) == CL_SUCCESS &&
      strstr(name, failing))
    return CL_OUT_OF_HOST_MEMORY;
  return real(platform, type, entries, devices, found);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dimensions,
                                                       const size_t* offset, const size_t* global, const size_t* local,
                                                       cl_uint waits, const cl_event* wait_list, cl_event* event) {
  static EnqueueNDRange real;
  if (!real) real = (EnqueueNDRange)dlsym(RTLD_NEXT, "clEnqueueNDRangeKernel");
  if (atomic_fetch_add(&launches, 1) >= env_long("STEREOCL_FAULT_AFTER", LONG_MAX))
    return (cl_int)env_long("STEREOCL_FAULT_CODE", CL_OUT_OF_RESOURCES);
  return real(queue, kernel, dimensions, offset, global, local, waits, wait_list, event);
}
