#pragma once
// The symmetric stereogram kernel of kernels/stereogram_symmetric.cl: a CL_R / CL_FLOAT depth
// image in (top row first, 0 near, 1 far), a CL_R / CL_FLOAT image of pattern coordinates of
// the same width x height out, with the numbers of compute/stereogram/symmetric_cpu.hpp. The
// images may be cl::Image2D (CPU-readback) or shared GL textures (GPU mode); built for
// StereogramStorage::buffers, it takes float buffers with packed rows instead (GPU (external
// memory) mode).
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/stereogram_storage.hpp"
#include "compute/stereogram/symmetric_params.hpp"

#include <CL/opencl.hpp>
#include <stdexcept>
#include <vector>

namespace stereocl {

// Where a row's working set lives. automatic: local memory when the row fits, else global.
// The forced choices let tests run both paths at any width.
enum class SymmetricRowMemory { automatic, local, global };

// enqueue's refusal where the device ended the kernel's loops early, so that its picture would
// be wrong: Mesa's llvmpipe gives each 8 work-items of a work-group 65535 loop iterations in all
// (the kernel's LOOP_BUDGET_FLAG). A std::invalid_argument, as the other refusals of a size are.
class LoopBudgetExceeded : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class SymmetricStereogramKernel {
 public:
  // Builds both variants for `device`: rows kept in local memory, and rows kept in a global
  // scratch buffer for rows too wide for it. Throws std::invalid_argument if validate(params)
  // rejects them, KernelBuildError (with the compiler log) if the build fails.
  SymmetricStereogramKernel(ProgramBuilder& builder, const SymmetricParams& params,
                            SymmetricRowMemory row_memory = SymmetricRowMemory::automatic,
                            StereogramStorage storage = StereogramStorage::images);

  // depth and coordinates must hold at least width x height pixels. Throws
  // std::invalid_argument for sizes below 1x1 or images too small. GL-shared images must
  // already be acquired. Sets kernel arguments, so one thread at a time. On llvmpipe only, waits
  // for the kernel and throws LoopBudgetExceeded if the device cut its loops short.
  cl::Event enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& coordinates, int width,
                    int height, const std::vector<cl::Event>* wait = nullptr);
  // The same for a kernel built with StereogramStorage::buffers: depth and coordinates hold at
  // least width x height floats each, rows packed (width floats a row), row 0 first.
  cl::Event enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& coordinates, int width,
                    int height, const std::vector<cl::Event>* wait = nullptr);

  // Switches to other geometry (P and M, or the physical units) without building anything.
  // Throws std::invalid_argument if validate(params) rejects them or their oversampling is
  // not the one this kernel was built for (that is compiled in).
  void use(const SymmetricParams& params);

  // For tuning sweeps (stereocl-bench passes STEREOCL_SYMMETRIC_GROUP_SIZE) and tests: work-items
  // per row, clamped to what the device allows; 0 goes back to the default (256).
  void force_group_size(std::size_t lanes);
  // Work-items per row the local-memory variant runs with (after the device's clamp).
  std::size_t group_size() const { return local_group_size_; }

  // Whether a row of this width runs from local memory on this device (else from global).
  bool runs_in_local_memory(int width) const;

  const SymmetricParams& params() const { return params_; }
  const SymmetricPlan& plan() const { return plan_; }
  StereogramStorage storage() const { return storage_; }

 private:
  void upload_separations();
  // Throws std::invalid_argument for sizes below 1x1 or a kernel built for the other storage.
  void check_call(int width, int height, StereogramStorage storage) const;
  cl::Event launch(cl::CommandQueue& queue, const cl::Memory& depth, const cl::Memory& coordinates, int width,
                   int height, const std::vector<cl::Event>* wait);
  cl::Event enqueue_global(cl::CommandQueue& queue, int width, int height, const std::vector<cl::Event>* wait);
  // llvmpipe only: waits for `done` and throws LoopBudgetExceeded if the kernel raised its flag.
  void check_loop_budget(cl::CommandQueue& queue, const cl::Event& done, int width) const;

  SymmetricParams params_;
  SymmetricPlan plan_;
  SymmetricRowMemory row_memory_;
  StereogramStorage storage_;
  cl::Context context_;
  cl::Device device_;
  cl::Buffer separation_table_;
  cl::Kernel local_kernel_, global_kernel_;
  std::size_t local_group_size_ = 1, global_group_size_ = 1;
  std::size_t local_bytes_available_ = 0;
  cl::Buffer scratch_;
  std::size_t scratch_bytes_ = 0;
  cl::Buffer loop_budget_cut_;  // one int, only where loops have a budget (llvmpipe)
};

}  // namespace stereocl
