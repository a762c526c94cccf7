#pragma once
// The symmetric algorithm (Thimbleby, Inglis & Witten) as the back-ends run it: the row of
// algorithm_table.cpp. The CPU engine keeps the plan for the last parameters; the OpenCL one
// builds its kernel when first asked, and again only when the oversampling changes.
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/stereogram_engine.hpp"
#include "compute/stereogram/stereogram_storage.hpp"
#include "compute/stereogram/symmetric_kernel_slot.hpp"
#include "compute/stereogram/symmetric_params.hpp"

#include <optional>

namespace stereocl {

class SymmetricCpu final : public CpuStereogram {
 public:
  Status run(DepthView depth, const StereogramParams& params, int threads, OffsetImage& out,
             int first_row) override;

 private:
  std::optional<SymmetricPlan> plan_;
  SymmetricParams planned_;
};

class SymmetricCl final : public ClStereogram {
 public:
  SymmetricCl(ProgramBuilder& programs, StereogramStorage storage) : slot_(programs, storage) {}
  Status prepare(const StereogramParams& params) override;
  Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width, int height,
                            const StereogramParams& params, const std::vector<cl::Event>* wait) override;
  Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& out, int width,
                            int height, const StereogramParams& params, const std::vector<cl::Event>* wait) override;

 private:
  SymmetricKernelSlot slot_;
};

}  // namespace stereocl
