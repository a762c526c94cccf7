#pragma once
// The symmetric kernel for the app's StereogramParams, for one storage: built when first asked
// for, and again only when its oversampling (the one constant it compiles in) changes, so P, M
// and the physical units build nothing. GPU mode and GPU (external memory) mode each hold one.
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "compute/stereogram/stereogram_storage.hpp"
#include "compute/stereogram/symmetric_kernel.hpp"
#include "compute/stereogram/symmetric_params.hpp"

#include <optional>

namespace stereocl {

class SymmetricKernelSlot {
 public:
  SymmetricKernelSlot(ProgramBuilder& programs, StereogramStorage storage) : programs_(programs), storage_(storage) {}

  // Throws std::invalid_argument for parameters the kernel cannot take, KernelBuildError if its
  // build fails.
  SymmetricStereogramKernel& for_params(const StereogramParams& params) {
    const SymmetricParams wanted = symmetric_params_of(params);
    if (!kernel_ || kernel_->params().oversample != wanted.oversample) {
      kernel_.reset();  // a failed build leaves none rather than a stale one
      kernel_.emplace(programs_, wanted, SymmetricRowMemory::automatic, storage_);
    }
    kernel_->use(wanted);
    return *kernel_;
  }

 private:
  ProgramBuilder& programs_;
  StereogramStorage storage_;
  std::optional<SymmetricStereogramKernel> kernel_;
};

}  // namespace stereocl
