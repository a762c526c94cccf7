#include "pipeline/cl_kernels.hpp"

namespace stereocl {

ClKernels::ClKernels(const cl::Context& context, const cl::Device& device, const StereogramParams& params,
                     StereogramKernelKind kind)
    : context_(context), device_(device), kind_(kind), effects_(context, device) {
  stereogram_.emplace(context_, device_, params, kind_);
}

StereogramKernel& ClKernels::stereogram(const StereogramParams& params) {
  if (stereogram_->params() != params || stereogram_->kind() != kind_)
    stereogram_.emplace(context_, device_, params, kind_);
  return *stereogram_;
}

void ClKernels::set_stereogram_kind(StereogramKernelKind kind) { kind_ = kind; }

}  // namespace stereocl
