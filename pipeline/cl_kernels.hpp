#pragma once
// Every kernel the app runs, built once for one device at start-up. The stereogram kernel has P
// and M compiled in, so it is rebuilt when they change (the driver caches the binary).
#include "compute/effects/cl_effects.hpp"
#include "compute/stereogram/lookup_kernel.hpp"

#include <optional>

namespace stereocl {

class ClKernels {
 public:
  // Throws KernelBuildError (with the log) if any kernel fails to build.
  ClKernels(const cl::Context& context, const cl::Device& device, const StereogramParams& params,
            StereogramKernelKind kind);

  ClEffects& effects() { return effects_; }
  // The stereogram kernel for these parameters, rebuilt if they changed.
  StereogramKernel& stereogram(const StereogramParams& params);
  void set_stereogram_kind(StereogramKernelKind kind);
  StereogramKernelKind stereogram_kind() const { return kind_; }

 private:
  cl::Context context_;
  cl::Device device_;
  StereogramKernelKind kind_;
  ClEffects effects_;
  std::optional<StereogramKernel> stereogram_;
};

}  // namespace stereocl
