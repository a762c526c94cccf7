// LD_PRELOAD shim for tests: makes the OpenCL driver fail a kernel launch mid-run, the way a
// device that runs out of resources or is reset does. The program under test is unchanged: it
// meets a real error code from a real API call, through the same bindings as in production.
//   STEREOCL_FAULT_AFTER=N   the first N launches go through; every later one fails
//   STEREOCL_FAULT_CODE=C    the error returned (default CL_OUT_OF_RESOURCES, -5)
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef cl_int (*EnqueueNDRange)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*,
                                  cl_uint, const cl_event*, cl_event*);

static atomic_long launches;

static long env_long(const char* name, long fallback) {
  const char* text = getenv(name);
  return text ? strtol(text, NULL, 10) : fallback;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dimensions,
                                                       const size_t* offset, const size_t* global, const size_t* local,
                                                       cl_uint waits, const cl_event* wait_list, cl_event* event) {
  static EnqueueNDRange real;
  if (!real) real = (EnqueueNDRange)dlsym(RTLD_NEXT, "clEnqueueNDRangeKernel");
  if (atomic_fetch_add(&launches, 1) >= env_long("STEREOCL_FAULT_AFTER", 0))
    return (cl_int)env_long("STEREOCL_FAULT_CODE", CL_OUT_OF_RESOURCES);
  return real(queue, kernel, dimensions, offset, global, local, waits, wait_list, event);
}
