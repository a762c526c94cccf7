#include "compute/stereogram/symmetric_engines.hpp"

#include "compute/stereogram/symmetric_fast_cpu.hpp"

namespace stereocl {

Status SymmetricCpu::run(DepthView depth, const StereogramParams& params, int threads, OffsetImage& out,
                         int first_row) {
  const SymmetricParams wanted = symmetric_params_of(params);
  if (!plan_ || planned_ != wanted) {
    if (const Status valid = validate(wanted); !valid) return valid;
    plan_ = make_symmetric_plan(wanted);
    planned_ = wanted;
  }
  symmetric_coordinates_parallel(depth, *plan_, threads, out, first_row);
  return {};
}

// Checked before the slot is asked: the kernel's plan would throw for what validate() refuses.
Status SymmetricCl::prepare(const StereogramParams& params) {
  if (const Status valid = validate(symmetric_params_of(params)); !valid)
    return failure("symmetric stereogram: " + valid.error());
  slot_.for_params(params);
  return {};
}

Result<cl::Event> SymmetricCl::enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width,
                                       int height, const StereogramParams& params, const std::vector<cl::Event>* wait) {
  return launch_or_failure("symmetric stereogram", [&] { return slot_.for_params(params).enqueue(queue, depth, out, width, height, wait); });
}

Result<cl::Event> SymmetricCl::enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& out,
                                       int width, int height, const StereogramParams& params,
                                       const std::vector<cl::Event>* wait) {
  return launch_or_failure("symmetric stereogram", [&] { return slot_.for_params(params).enqueue(queue, depth, out, width, height, wait); });
}

}  // namespace stereocl
