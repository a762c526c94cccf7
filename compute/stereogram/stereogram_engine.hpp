#pragma once
// One stereogram algorithm as the back-ends run it: depth in, what the compositor samples out
// (lookup: offsets P wider than the depth; symmetric: pattern coordinates as wide). A back-end
// holds one engine per row of the algorithm table (algorithm_table.hpp) and never asks which
// algorithm it is running; each engine keeps its own caches (plans, lazily built kernels).
#include "compute/cl/cl_program.hpp"
#include "compute/stereogram/stereogram_params.hpp"
#include "core/image.hpp"
#include "core/result.hpp"

#include <CL/opencl.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace stereocl {

class CpuStereogram {
 public:
  virtual ~CpuStereogram() = default;
  // out is resized as needed. Fails naming a parameter the algorithm cannot take. first_row: the
  // picture's row that depth's row 0 is, where depth is a band of it.
  virtual Status run(DepthView depth, const StereogramParams& params, int threads, OffsetImage& out,
                     int first_row) = 0;
};

// On one OpenCL device, for the storage it was made for (images, or buffers with packed rows).
class ClStereogram {
 public:
  virtual ~ClStereogram() = default;
  // Builds what params need, if anything is left to build. Fails, naming the rule, for parameters
  // the kernel cannot take; throws KernelBuildError if its build fails (a device object).
  virtual Status prepare(const StereogramParams& params) = 0;
  // GL-shared images must already be acquired. Fails, naming why, where the kernel cannot take
  // the parameters or does not build; throws cl::Error for what the device refuses.
  virtual Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& out, int width,
                                    int height, const StereogramParams& params,
                                    const std::vector<cl::Event>* wait = nullptr) = 0;
  virtual Result<cl::Event> enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& out, int width,
                                    int height, const StereogramParams& params,
                                    const std::vector<cl::Event>* wait = nullptr) = 0;
};

// Runs an enqueue that throws for parameters it cannot take or a kernel that does not build,
// returning that as a failure named after the algorithm instead.
template <typename Launch>
Result<cl::Event> launch_or_failure(const char* algorithm, Launch launch) {
  try {
    return launch();
  } catch (const std::invalid_argument& error) {
    return failure(std::string(algorithm) + ": " + error.what());
  } catch (const KernelBuildError& error) {
    return failure(std::string(algorithm) + ": " + error.what());
  }
}

}  // namespace stereocl
