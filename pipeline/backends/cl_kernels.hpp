#pragma once
// Every kernel the app runs, for one device. Parameters (P, M, the blur radius) are kernel
// arguments, so nothing is rebuilt while the demo runs. The lookup, compose, luma and histogram
// kernels are built at start-up; Sobel's, the blur's and the per-pixel effects' on the first frame
// that shows them, and the symmetric algorithm's when first asked for (and again only when its
// oversampling, the one constant it compiles in, changes).
#include "compute/cl/cl_program.hpp"
#include "compute/effects/cl_effects.hpp"
#include "compute/stereogram/compose_kernel.hpp"
#include "compute/stereogram/stereogram_engines.hpp"
#include "core/result.hpp"

#include <vector>

namespace stereocl {

class ClKernels {
 public:
  // Throws KernelBuildError (with the log) if a kernel built at start-up fails to build.
  ClKernels(ProgramBuilder& programs, StereogramKernelKind kind)
      : effects_(programs), compose_(programs), stereograms_(programs, kind, StereogramStorage::images), lookup_kernel_(kind) {}

  ClEffects& effects() { return effects_; }
  ComposeKernel& compose() { return compose_; }
  // Which of the lookup's kernels (--stereogram-kernel), for back-ends that make their own.
  StereogramKernelKind lookup_kernel() const { return lookup_kernel_; }

  // The stereogram step of params.algorithm from depth into out (algorithm_table.hpp says how
  // wide). Fails, naming why, where its kernel cannot take P and M or does not build.
  Result<cl::Event> enqueue_stereogram(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width,
                                       int height, const StereogramParams& params,
                                       const std::vector<cl::Event>* wait = nullptr) {
    return stereograms_[params.algorithm].enqueue(queue, depth, out, width, height, params, wait);
  }

 private:
  ClEffects effects_;
  ComposeKernel compose_;
  ClStereograms stereograms_;
  StereogramKernelKind lookup_kernel_;
};

}  // namespace stereocl
