#pragma once
// Builds the embedded OpenCL C files. A failed build, or a device that cannot run a kernel at
// all, throws KernelBuildError carrying the reason (the compiler's log), so the caller can show it
// and disable the modes that need the kernel (docs/design.md, "Errors").
#include <CL/opencl.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace stereocl {

class KernelBuildError : public std::runtime_error {
 public:
  KernelBuildError(std::string file, std::string log);
  const std::string& file() const { return file_; }
  const std::string& log() const { return log_; }

 private:
  std::string file_;
  std::string log_;
};

// Compiles kernels/<file_name> for `device` with `options` (e.g. "-D PATTERN_WIDTH=85").
// Test hook: if the environment variable STEREOCL_BREAK_KERNELS is set, a syntax error is
// appended to every source, to exercise the path a broken driver compiler takes.
cl::Program build_program(const cl::Context& context, const cl::Device& device,
                          std::string_view file_name, const std::string& options = {});

// "CL_INVALID_VALUE (-30)" rather than a bare number in messages.
std::string cl_error_name(cl_int code);

}  // namespace stereocl
