#pragma once
// The stereogram offsets kernels of kernels/stereogram.cl, built once for one device: a CL_R /
// CL_FLOAT depth image in, a CL_R / CL_FLOAT offsets image P pixels wider out,
// with the numbers of the CPU reference (compute/stereogram/lookup_cpu.hpp).
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "compute/stereogram/stereogram_storage.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace stereocl {

// classic: one work-item walks a whole row, as in the original article; simple, but a 1080p
// frame has only 1080 threads of serial work. fast: a work-group per row computes independent
// bands of pixels side by side.
enum class StereogramKernelKind { classic, fast };

// "classic" or "fast".
std::string_view stereogram_kernel_kind_name(StereogramKernelKind kind);

class StereogramKernel {
 public:
  // Builds kernels/stereogram.cl once for the builder's device; P and M are arguments of every
  // call, so no parameter ever builds it again (the program holds a kernel per ring size class). Throws KernelBuildError if the build fails or the
  // device cannot run the kernel at all.
  StereogramKernel(ProgramBuilder& programs, StereogramKernelKind kind,
                   StereogramStorage storage = StereogramStorage::images);

  // depth must hold at least width x height pixels and offsets at least (width + P) x height;
  // both are CL_R / CL_FLOAT (a shared GL_R32F texture or a cl::Image2D). Throws
  // std::invalid_argument for parameters validate() rejects, width or height below 1 or images
  // too small for them. GL-shared images must already be acquired. Sets the kernel's arguments,
  // so one thread at a time.
  cl::Event enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& offsets, int width, int height,
                    const StereogramParams& params, const std::vector<cl::Event>* wait = nullptr);
  // The same for a kernel built with StereogramStorage::buffers: depth holds at least
  // width x height floats, offsets (width + P) x height, rows packed, row 0 first.
  cl::Event enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& offsets, int width,
                    int height, const StereogramParams& params, const std::vector<cl::Event>* wait = nullptr);

  StereogramKernelKind kind() const { return kind_; }

  // What the fast kernel's work-group and local memory may use on this device.
  struct Limits {
    std::size_t group_size = 1;  // the device's and the compiled kernel's, whichever is smaller
    std::size_t lanes = 1;       // CL_DEVICE_MAX_WORK_ITEM_SIZES[0]
    std::size_t rows = 1;        // CL_DEVICE_MAX_WORK_ITEM_SIZES[1]
    std::size_t local_bytes = 0;  // the device's, less what the compiled kernel itself takes
  };

  // The fast kernel's shape goals (lookup_kernel.cpp explains the defaults); the device's limits
  // and the pattern's independent band still cap them.
  struct FastShape {
    int max_lanes_per_row = 256;
    int lane_multiple = 1;  // lanes per row rounded down to this (a warp), where the band allows it
    int target_group_size = 128;
    int max_rows_per_group = 8;
    int target_stage_size = 1024;
  };
  // For tuning sweeps (stereocl-bench reads STEREOCL_FAST_SHAPE) and tests.
  void force_fast_shape(const FastShape& shape) { shape_ = shape; }

 private:
  using Classic = cl::KernelFunctor<cl::Memory, cl::Memory, cl_int, cl_int, cl_int, cl_float, cl_float>;
  using Fast = cl::KernelFunctor<cl::Memory, cl::Memory, cl_int, cl_int, cl_int, cl_float, cl_float, cl::LocalSpaceArg,
                                 cl::LocalSpaceArg, cl_int>;
  // Checks the parameters and sizes common to both storages; throws std::invalid_argument.
  static void check_arguments(int width, int height, const StereogramParams& params);
  cl::Event launch(cl::CommandQueue& queue, const cl::Memory& depth, const cl::Memory& offsets, int width, int height,
                   const StereogramParams& params, const std::vector<cl::Event>* wait);

  StereogramKernelKind kind_;
  StereogramStorage storage_;
  Limits limits_;
  FastShape shape_;
  // One kernel per ring size class of the one program, smallest ring first (kernels/stereogram.cl).
  std::vector<Classic> classic_;
  std::vector<Fast> fast_;
};

}  // namespace stereocl
