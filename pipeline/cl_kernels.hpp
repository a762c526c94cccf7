#pragma once
// Every kernel the app runs, built once for one device at start-up. Parameters (P, M, the blur
// radius) are kernel arguments, so nothing is rebuilt while the demo runs. The symmetric
// stereogram's kernel is built when first asked for, and again only when its oversampling (the
// one constant it compiles in) changes.
#include "compute/cl/cl_program.hpp"
#include "core/result.hpp"
#include "compute/effects/cl_effects.hpp"
#include "compute/stereogram/compose_kernel.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "compute/stereogram/symmetric_kernel_slot.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace stereocl {

class ClKernels {
 public:
  // Throws KernelBuildError (with the log) if any kernel fails to build.
  ClKernels(ProgramBuilder& programs, StereogramKernelKind kind)
      : effects_(programs), stereogram_(programs, kind), compose_(programs), symmetric_(programs, StereogramStorage::images) {}

  ClEffects& effects() { return effects_; }
  StereogramKernel& stereogram() { return stereogram_; }
  ComposeKernel& compose() { return compose_; }

  // The stereogram step of params.algorithm from depth into out (offsets P wider for lookup,
  // pattern coordinates as wide for symmetric). Fails, naming why, where the symmetric kernel
  // cannot take P and M or does not build.
  Result<cl::Event> enqueue_stereogram(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width,
                                       int height, const StereogramParams& params,
                                       const std::vector<cl::Event>* wait = nullptr) {
    if (params.algorithm == StereogramAlgorithm::lookup)
      return stereogram_.enqueue(queue, depth, out, width, height, params, wait);
    try {
      return symmetric(params).enqueue(queue, depth, out, width, height, wait);
    } catch (const std::invalid_argument& error) {
      return failure(std::string("symmetric stereogram: ") + error.what());
    } catch (const KernelBuildError& error) {
      return failure(std::string("symmetric stereogram: ") + error.what());
    }
  }
  // The symmetric kernel for P and M. Throws std::invalid_argument for parameters it cannot
  // take, KernelBuildError if its build fails.
  SymmetricStereogramKernel& symmetric(const StereogramParams& params) { return symmetric_.for_params(params); }

 private:
  ClEffects effects_;
  StereogramKernel stereogram_;
  ComposeKernel compose_;
  SymmetricKernelSlot symmetric_;
};

}  // namespace stereocl
