#pragma once
// Builds the embedded OpenCL C files. A failed build, or a device that cannot run a kernel at
// all, throws KernelBuildError carrying the reason (the compiler's log), so the caller can show it
// and disable the modes that need the kernel (docs/design.md, "Errors").
#include <CL/opencl.hpp>

#include <cstddef>
#include <utility>
#include <vector>
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

// Compiles the embedded kernels/ files for one device. It counts what it builds, so tests can
// check that changing parameters (the P and M sliders) builds nothing.
class ProgramBuilder {
 public:
  ProgramBuilder() = default;
  ProgramBuilder(cl::Context context, cl::Device device) : context_(std::move(context)), device_(std::move(device)) {}

  // kernels/<file_name> with `options` (e.g. "-D GROUP_SIZE=256"); throws KernelBuildError.
  cl::Program build(std::string_view file_name, const std::string& options = {});
  std::size_t builds() const { return builds_; }
  // Test hook: a syntax error appended to the source, to exercise the path a broken driver
  // compiler takes (the app sets it from STEREOCL_BREAK_KERNELS): `which` names one kernel file
  // ("sobel.cl"); any other non-empty value breaks every file.
  void break_sources_on_purpose(std::string which) { broken_ = std::move(which); }
  // Tuning hook (stereocl-bench reads STEREOCL_KERNEL_OPTIONS and STEREOCL_KERNEL_DIR): `options`
  // are appended to every build and each build's log kept for take_build_logs(), so a driver's own switches
  // (NVIDIA's "-cl-nv-verbose" shows registers and spills) can be tried without a rebuild; a
  // non-empty `source_directory` is read instead of the embedded files, so variants of a kernel
  // (one phase cut out, say) can be timed by the same benchmark.
  void tune(std::string options, std::string source_directory) {
    tuning_options_ = std::move(options);
    source_directory_ = std::move(source_directory);
  }

  // "FILE with 'OPTIONS':\nLOG" for each build since the last call, while tuning.
  std::vector<std::string> take_build_logs() { return std::exchange(build_logs_, {}); }

  const cl::Context& context() const { return context_; }
  const cl::Device& device() const { return device_; }

 private:
  cl::Context context_;
  cl::Device device_;
  std::size_t builds_ = 0;
  std::string broken_;
  std::string tuning_options_, source_directory_;
  std::vector<std::string> build_logs_;
};

// A float as a hexadecimal literal ("0x1.555556p-7f") for a -D option, so the device compiles
// exactly the float the host holds.
std::string float_literal(float value);

// "CL_INVALID_VALUE (-30)" rather than a bare number in messages.
std::string cl_error_name(cl_int code);

}  // namespace stereocl
