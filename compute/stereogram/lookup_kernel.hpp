#pragma once
// The stereogram offsets kernels of kernels/stereogram.cl, built once for one device and one
// (P, M): a CL_R / CL_FLOAT depth image in, a CL_R / CL_FLOAT offsets image P pixels wider out,
// with the numbers of the CPU reference (compute/stereogram/lookup_cpu.hpp).
#include "compute/stereogram/stereogram_params.hpp"

#include <CL/opencl.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace stereocl {

// classic: one work-item walks a whole row, as in the original article; simple, but a 1080p
// frame has only 1080 threads of serial work. fast: a work-group per row computes independent
// bands of pixels side by side.
enum class StereogramKernelKind { classic, fast };

// "classic" or "fast".
std::string_view stereogram_kernel_kind_name(StereogramKernelKind kind);
// nullopt for anything but the names above.
std::optional<StereogramKernelKind> parse_stereogram_kernel_kind(std::string_view name);

class StereogramKernel {
 public:
  // Builds the program for `device` with P and M compiled in. Throws std::invalid_argument if
  // validate(params) rejects them, KernelBuildError (with the compiler log) if the build fails
  // or the device cannot run the kernel at all.
  StereogramKernel(const cl::Context& context, const cl::Device& device, StereogramParams params,
                   StereogramKernelKind kind);

  // depth must hold at least width x height pixels and offsets at least (width + P) x height;
  // both are CL_R / CL_FLOAT (a shared GL_R32F texture or a cl::Image2D). Throws
  // std::invalid_argument for width or height below 1 or images too small for them. GL-shared
  // images must already be acquired. Sets the kernel's arguments, so one thread at a time.
  cl::Event enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& offsets, int width, int height,
                    const std::vector<cl::Event>* wait = nullptr);

  const StereogramParams& params() const { return params_; }
  StereogramKernelKind kind() const { return kind_; }

 private:
  StereogramParams params_;
  StereogramKernelKind kind_;
  cl::Kernel kernel_;
  // The fast kernel's work-group: LANES_PER_ROW x ROWS_PER_GROUP, as compiled in.
  int lanes_per_row_ = 1;
  int rows_per_group_ = 1;
};

}  // namespace stereocl
