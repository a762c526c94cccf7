#pragma once
// Every kernel the app runs, built once for one device at start-up. Parameters (P, M, the blur
// radius) are kernel arguments, so nothing is rebuilt while the demo runs.
#include "compute/cl/cl_program.hpp"
#include "compute/effects/cl_effects.hpp"
#include "compute/stereogram/lookup_kernel.hpp"

namespace stereocl {

class ClKernels {
 public:
  // Throws KernelBuildError (with the log) if any kernel fails to build.
  ClKernels(ProgramBuilder& programs, StereogramKernelKind kind) : effects_(programs), stereogram_(programs, kind) {}

  ClEffects& effects() { return effects_; }
  StereogramKernel& stereogram() { return stereogram_; }

 private:
  ClEffects effects_;
  StereogramKernel stereogram_;
};

}  // namespace stereocl
