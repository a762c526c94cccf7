#pragma once
#include <string_view>

namespace stereocl {
// The OpenCL C text of kernels/<file_name> embedded at build time; empty if there is no such file.
std::string_view kernel_source(std::string_view file_name);
}  // namespace stereocl
