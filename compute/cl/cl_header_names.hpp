#pragma once
// The one place where the Khronos OpenCL headers of Debian 12 (2023.02) and Debian 13 (2024.10)
// spell a name differently. The values are the same in both (the extension's ABI did not change);
// only the names did, when cl_khr_external_memory was finalised.

#include <CL/cl_ext.h>

namespace stereocl::cl_names {

#ifdef CL_MEM_DEVICE_HANDLE_LIST_KHR
inline constexpr cl_mem_properties kMemDeviceHandleList = CL_MEM_DEVICE_HANDLE_LIST_KHR;
inline constexpr cl_mem_properties kMemDeviceHandleListEnd = CL_MEM_DEVICE_HANDLE_LIST_END_KHR;
#else
inline constexpr cl_mem_properties kMemDeviceHandleList = CL_DEVICE_HANDLE_LIST_KHR;
inline constexpr cl_mem_properties kMemDeviceHandleListEnd = CL_DEVICE_HANDLE_LIST_END_KHR;
#endif

}  // namespace stereocl::cl_names
