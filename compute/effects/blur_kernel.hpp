#pragma once
// kernels/blur.cl on a device: normalised box blur of radius 1..32 for 8-bit grey (uchar
// buffer) and RGBA8 (uchar4 buffer) images, matching blur_reference() in compute/effects/blur_cpu.hpp to
// the bit. One kernel per call, no scratch buffer; its cost barely grows with the radius (see the
// comment at the top of kernels/blur.cl). Radii 1..4 take kernels/blur_small.cl instead. Not thread-safe (the kernel objects hold arguments).
#include "compute/cl/cl_program.hpp"
#include "compute/effects/blur_cpu.hpp"

#include <CL/opencl.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace stereocl {

// The blur is one kernel now; both members are its event, kept so that callers written for the
// former two passes (row_pass's start to column_pass's end) still measure and wait correctly.
struct BlurEvents {
  cl::Event row_pass;
  cl::Event column_pass;
};

// (q + n/2) / n for the window size n = (2r+1)^2 and every q <= 255 n, without a division:
// (q + n/2) / n == ((q + n/2) * blur_multiplier(r)) >> blur_multiplier_shift. Exact because
// m = ceil(2^34 / n) overshoots 2^34 / n by e/n with e < n < 2^13, and q + n/2 < 2^21, so
// (q + n/2) * e < 2^34 (tests/blur_test.cpp checks every q for every radius).
constexpr int blur_multiplier_shift = 34;  // the kernel takes mul_hi (>> 32), then >> 2
std::uint32_t blur_multiplier(int radius);

// The band height tile_rows() picks without an override (a multiple of 8), as a plain function of
// the image, the radius and the device's compute units, so tests can check it without a device.
int choose_blur_tile_rows(int channels, int width, int height, int radius, int compute_units);

class BlurKernel {
 public:
  // Throws KernelBuildError if the device cannot run work-groups of 256 items. The programs are
  // built on a pixel format and border's first call (and throw KernelBuildError there), so a run
  // that never blurs, or blurs RGBA only, builds none or two of the eight.
  explicit BlurKernel(ProgramBuilder& programs);

  // in and out hold width * height pixels (1 byte each) and must be distinct buffers.
  // Throws std::invalid_argument for a radius outside 1..32 or a non-positive size.
  BlurEvents enqueue_grey(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out, int width,
                          int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});

  // As enqueue_grey with 4 bytes per pixel (R, G, B, A), every channel blurred independently.
  BlurEvents enqueue_rgba(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out, int width,
                          int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for = {});

  // Output rows each work-group walks down for a width x height image: enough groups to fill
  // the device, but not so few rows that each strip's first window (2r+1 rows) dominates.
  int tile_rows(int channels, int width, int height, int radius) const;
  // For tuning sweeps (stereocl-bench passes STEREOCL_BLUR_TILE_ROWS) and tests: every call uses
  // this many rows, rounded up to a multiple of 8; 0 goes back to tile_rows()'s choice.
  void force_tile_rows(int rows) { forced_tile_rows_ = rows; }

  // Radii up to this take kernels/blur_small.cl (registers only, no barriers), unless turned off
  // with use_small_radius_kernel(false) (tests and sweeps of blur.cl at small radii). RGBA takes
  // it up to r2 only: at r4 its 48 column sums of registers made it slower than blur.cl
  // (docs/performance.md, "Kernels against the peers per call").
  static constexpr int max_small_radius = 4;
  static constexpr int max_small_radius_rgba = 2;
  void use_small_radius_kernel(bool use) { use_small_radius_kernel_ = use; }

 private:
  using Blur = cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_int, cl_int, cl_int, cl_int, cl_int, cl_int, cl_int, cl_uint>;
  using SmallBlur = cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_int, cl_int, cl_uint>;
  // One kernel per radius 1..max_small_radius, for one pixel format and border.
  using SmallBlurs = std::vector<SmallBlur>;
  BlurEvents enqueue(int channels, const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                     int width, int height, int radius, BlurBorder border, const std::vector<cl::Event>& wait_for);
  cl::Event enqueue_small(SmallBlur& kernel, int channels, const cl::CommandQueue& queue, const cl::Buffer& in,
                          const cl::Buffer& out, int width, int height, int radius,
                          const std::vector<cl::Event>& wait_for);

  // The kernels of one pixel format and border: blur.cl's, and blur_small.cl's for every small
  // radius, so that dragging the radius never waits on the compiler.
  struct Variant {
    Blur large;
    SmallBlurs small;  // [radius - 1], and for grey blur_small_r1_unaligned after them
  };
  Variant& variant(int channels, BlurBorder border);

  ProgramBuilder& programs_;
  int compute_units_;
  int forced_tile_rows_ = 0;
  bool use_small_radius_kernel_ = true;
  std::array<std::optional<Variant>, 4> variants_;  // [2 * (channels == 4) + (border == clamp)]
};

}  // namespace stereocl
