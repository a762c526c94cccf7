#include "compute/stereogram/lookup_engines.hpp"

#include "compute/stereogram/lookup_cpu.hpp"

namespace stereocl {

Status LookupCpu::run(DepthView depth, const StereogramParams& params, int threads, OffsetImage& out,
                      int /*first_row: every row of the lookup picture is its own*/) {
  if (const Status valid = validate(params); !valid) return valid;
  stereogram_offsets_parallel(depth, params, threads, out);
  return {};
}

Result<cl::Event> LookupCl::enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width,
                                    int height, const StereogramParams& params, const std::vector<cl::Event>* wait) {
  return launch_or_failure("lookup stereogram", [&] { return kernel_.enqueue(queue, depth, out, width, height, params, wait); });
}

Result<cl::Event> LookupCl::enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& out, int width,
                                    int height, const StereogramParams& params, const std::vector<cl::Event>* wait) {
  return launch_or_failure("lookup stereogram", [&] { return kernel_.enqueue(queue, depth, out, width, height, params, wait); });
}

}  // namespace stereocl
