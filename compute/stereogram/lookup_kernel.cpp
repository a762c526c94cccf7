#include "compute/stereogram/lookup_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr const char* kKernelFile = "stereogram.cl";

// StereogramKernel::FastShape's defaults, and why:
// - max_lanes_per_row 256: wider bands mean fewer barriers per row, but past a few warps the extra
//   lanes only idle through the barriers of short rows.
// - target_group_size 128: small work-groups keep many rows resident per compute unit, which hides
//   the depth reads; two 54-lane rows a group (P 85, M 30) beat one at 1080p and 4K, and rounding
//   lanes to a warp lost (docs/performance.md, "After this session's changes").
// - max_rows_per_group 8: narrow bands would pack many rows into a group; a 1080-row frame must
//   still make enough groups to occupy every compute unit of a large GPU, since each row is a
//   serial chain.
// - target_stage_size 1024: source positions staged per row at once, enough depth reads in flight
//   to cover their latency, little enough local memory that many work-groups share a compute unit.
constexpr int kMaxLanesPerRow = StereogramKernel::FastShape{}.max_lanes_per_row;

// The fast kernel's shape for one (P, M): its work-group and local memory (see kernels/stereogram.cl).
struct FastGeometry {
  int lanes_per_row = 1;
  int rows_per_group = 1;
  int ring_size = 1;
  int stage_size = 1;

  std::size_t local_bytes() const {
    return sizeof(float) * static_cast<std::size_t>(rows_per_group) * static_cast<std::size_t>(ring_size + stage_size);
  }
};

using DeviceLimits = StereogramKernel::Limits;

// Output pixel i reads indices up to floor((i - P) + M) + 1, and the float sum can round up to
// (i - P) + ceil(M) but never past it: so this many neighbours never read each other. M close
// below P - 1 leaves no such band; then each pixel can only rely on the one before it.
int independent_band_width(const StereogramParams& params) {
  return std::max(1, params.pattern_width - 1 - static_cast<int>(std::ceil(params.max_offset)));
}

int round_down_to_multiple(int value, int step) { return std::max(step, value / step * step); }

FastGeometry plan_fast_geometry(const StereogramParams& params, const DeviceLimits& limits,
                                const StereogramKernel::FastShape& shape = {}) {
  const auto as_int = [](std::size_t value) { return static_cast<int>(std::min<std::size_t>(value, 1 << 20)); };
  const int max_group = std::max(1, as_int(limits.group_size));
  FastGeometry geometry;
  int lanes = std::min(independent_band_width(params), std::min(kMaxLanesPerRow, shape.max_lanes_per_row));
  if (shape.lane_multiple > 1 && lanes >= shape.lane_multiple) lanes = lanes / shape.lane_multiple * shape.lane_multiple;
  geometry.lanes_per_row = std::clamp(lanes, 1, std::max(1, std::min(max_group, as_int(limits.lanes))));
  geometry.rows_per_group =
      std::clamp(std::min(shape.target_group_size / geometry.lanes_per_row, shape.max_rows_per_group), 1,
                 std::max(1, std::min(as_int(limits.rows), max_group / geometry.lanes_per_row)));
  geometry.ring_size =
      static_cast<int>(std::bit_ceil(static_cast<unsigned>(params.pattern_width + geometry.lanes_per_row)));
  geometry.stage_size = round_down_to_multiple(shape.target_stage_size, geometry.lanes_per_row);
  while (geometry.local_bytes() > limits.local_bytes) {
    if (geometry.stage_size > geometry.lanes_per_row)
      geometry.stage_size = round_down_to_multiple(geometry.stage_size / 2, geometry.lanes_per_row);
    else if (geometry.rows_per_group > 1)
      geometry.rows_per_group /= 2;
    else
      throw KernelBuildError(kKernelFile, "the fast kernel needs " + std::to_string(geometry.local_bytes()) +
                                              " bytes of local memory; the device has " +
                                              std::to_string(limits.local_bytes));
  }
  return geometry;
}

// The ring sizes kernels/stereogram.cl instantiates, smallest first: classic's private ring
// holds P floats (P <= 1024), fast's local ring P + lanes (<= 1024 + kMaxLanesPerRow).
constexpr int kSmallestClassicRing = 128;
constexpr int kClassicRings = 4;  // 128 .. 1024
constexpr int kSmallestFastRing = 8;
constexpr int kFastRings = 9;  // 8 .. 2048

// Index of the kernel for `ring` slots among the power-of-two sizes from `smallest` up.
std::size_t ring_class(int ring, int smallest) {
  return static_cast<std::size_t>(std::countr_zero(std::bit_ceil(static_cast<unsigned>(std::max(ring, smallest)))) -
                                  std::countr_zero(static_cast<unsigned>(smallest)));
}

std::string ring_kernel_name(StereogramKernelKind kind, std::size_t ring_class_index) {
  if (kind == StereogramKernelKind::classic)
    return "stereogram_classic_" + std::to_string(kSmallestClassicRing << ring_class_index);
  return "stereogram_fast_" + std::to_string(kSmallestFastRing << ring_class_index);
}

}  // namespace

std::string_view stereogram_kernel_kind_name(StereogramKernelKind kind) {
  return kind == StereogramKernelKind::classic ? "classic" : "fast";
}

StereogramKernel::StereogramKernel(ProgramBuilder& programs, StereogramKernelKind kind, StereogramStorage storage)
    : kind_(kind), storage_(storage) {
  static_assert(kSmallestClassicRing << (kClassicRings - 1) >= kMaxPatternWidth);
  static_assert(kSmallestFastRing << (kFastRings - 1) >= kMaxPatternWidth + kMaxLanesPerRow);
  const cl::Device& device = programs.device();
  const cl::Program program =
      programs.build(kKernelFile, storage == StereogramStorage::buffers ? "-D STEREOGRAM_BUFFERS" : "");
  if (kind_ == StereogramKernelKind::classic) {
    for (std::size_t c = 0; c < kClassicRings; ++c) classic_.emplace_back(program, ring_kernel_name(kind_, c));
    return;
  }
  for (std::size_t c = 0; c < kFastRings; ++c) fast_.emplace_back(program, ring_kernel_name(kind_, c));
  // The compiled kernels may allow a smaller work-group or less local memory than the device
  // (registers, the compiler's own local variables): plan within what the most demanding reports.
  const auto item_sizes = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
  limits_.group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  limits_.lanes = !item_sizes.empty() ? item_sizes[0] : 1;
  limits_.rows = item_sizes.size() > 1 ? item_sizes[1] : 1;
  const auto device_local = static_cast<std::size_t>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
  std::size_t kernel_local = 0;
  for (Fast& fast : fast_) {
    const cl::Kernel kernel = fast.getKernel();
    limits_.group_size = std::min(limits_.group_size, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device));
    kernel_local = std::max(kernel_local, static_cast<std::size_t>(kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device)));
  }
  limits_.local_bytes = device_local > kernel_local ? device_local - kernel_local : 0;
  // The largest pattern must fit, or the device cannot run the kernel for every valid P.
  plan_fast_geometry(StereogramParams{kMaxPatternWidth, 0.f}, limits_);
}

void StereogramKernel::check_arguments(int width, int height, const StereogramParams& params) {
  if (const Status valid = validate(params); !valid) throw std::invalid_argument(valid.error());
  if (width < 1 || height < 1)
    throw std::invalid_argument("stereogram size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be at least 1x1");
}

cl::Event StereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& offsets,
                                    int width, int height, const StereogramParams& params,
                                    const std::vector<cl::Event>* wait) {
  if (storage_ != StereogramStorage::images) throw std::invalid_argument("this stereogram kernel takes buffers");
  check_arguments(width, height, params);
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  const auto out_w = w + static_cast<std::size_t>(params.pattern_width);
  if (image_size(depth, CL_IMAGE_WIDTH) < w || image_size(depth, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("depth image is smaller than " + std::to_string(width) + "x" + std::to_string(height));
  if (image_size(offsets, CL_IMAGE_WIDTH) < out_w || image_size(offsets, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("offsets image is smaller than " + std::to_string(out_w) + "x" +
                                std::to_string(height));
  return launch(queue, depth, offsets, width, height, params, wait);
}

cl::Event StereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Buffer& depth, const cl::Buffer& offsets,
                                    int width, int height, const StereogramParams& params,
                                    const std::vector<cl::Event>* wait) {
  if (storage_ != StereogramStorage::buffers) throw std::invalid_argument("this stereogram kernel takes images");
  check_arguments(width, height, params);
  const std::size_t depth_bytes = sizeof(float) * static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  const std::size_t offsets_bytes = depth_bytes / static_cast<std::size_t>(width) *
                                    static_cast<std::size_t>(width + params.pattern_width);
  if (depth.getInfo<CL_MEM_SIZE>() < depth_bytes)
    throw std::invalid_argument("depth buffer is smaller than " + std::to_string(width) + "x" + std::to_string(height) +
                                " floats");
  if (offsets.getInfo<CL_MEM_SIZE>() < offsets_bytes)
    throw std::invalid_argument("offsets buffer is smaller than " + std::to_string(width + params.pattern_width) + "x" +
                                std::to_string(height) + " floats");
  return launch(queue, depth, offsets, width, height, params, wait);
}

cl::Event StereogramKernel::launch(cl::CommandQueue& queue, const cl::Memory& depth, const cl::Memory& offsets,
                                   int width, int height, const StereogramParams& params,
                                   const std::vector<cl::Event>* wait) {
  const auto h = static_cast<std::size_t>(height);
  const float inverse_pattern_width = 1.0f / static_cast<float>(params.pattern_width);  // as the reference rounds it
  const std::vector<cl::Event> none;
  const std::vector<cl::Event>& after = wait ? *wait : none;
  if (kind_ == StereogramKernelKind::classic)
    return classic_[ring_class(params.pattern_width, kSmallestClassicRing)](
        cl::EnqueueArgs(queue, after, cl::NDRange(h)), depth, offsets, width, height, params.pattern_width,
        params.max_offset, inverse_pattern_width);
  const FastGeometry geometry = plan_fast_geometry(params, limits_, shape_);
  const auto lanes = static_cast<std::size_t>(geometry.lanes_per_row);
  const auto rows = static_cast<std::size_t>(geometry.rows_per_group);
  // OpenCL 1.2 needs whole work-groups: the rows past the image idle through the barriers.
  const std::size_t padded_height = (h + rows - 1) / rows * rows;
  const auto floats = [&](int per_row) { return cl::Local(sizeof(float) * rows * static_cast<std::size_t>(per_row)); };
  return fast_[ring_class(geometry.ring_size, kSmallestFastRing)](
      cl::EnqueueArgs(queue, after, cl::NDRange(lanes, padded_height), cl::NDRange(lanes, rows)), depth, offsets, width,
      height, params.pattern_width, params.max_offset, inverse_pattern_width, floats(geometry.ring_size),
      floats(geometry.stage_size), geometry.stage_size);
}

}  // namespace stereocl
