#pragma once
// The lookup algorithm (the article's) as the back-ends run it: the row of algorithm_table.cpp.
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/lookup_kernel.hpp"
#include "compute/stereogram/stereogram_engine.hpp"
#include "compute/stereogram/stereogram_storage.hpp"

namespace stereocl {

class LookupCpu final : public CpuStereogram {
 public:
  Status run(DepthView depth, const StereogramParams& params, int threads, OffsetImage& out,
             int first_row) override;
};

class LookupCl final : public ClStereogram {
 public:
  // Builds its kernel now: throws KernelBuildError if that fails.
  LookupCl(ProgramBuilder& programs, StereogramKernelKind kind, StereogramStorage storage)
      : kernel_(programs, kind, storage) {}
  Status prepare(const StereogramParams&) override { return {}; }
  Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width, int height,
                            const StereogramParams& params, const std::vector<cl::Event>* wait) override;
  Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& out, int width,
                            int height, const StereogramParams& params, const std::vector<cl::Event>* wait) override;

 private:
  StereogramKernel kernel_;
};

}  // namespace stereocl
