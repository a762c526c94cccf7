#include "compute/stereogram/lookup_kernel.hpp"

#include "compute/cl/cl_program.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

constexpr const char* kKernelFile = "stereogram.cl";

// Wider bands mean fewer barriers per row, but past a few warps the extra lanes only idle
// through the barriers of short rows.
constexpr int kMaxLanesPerRow = 256;
// Small work-groups keep many rows resident per compute unit, which hides the depth reads.
constexpr int kTargetGroupSize = 64;
// Narrow bands would pack many rows into a group; a 1080-row frame must still make enough
// groups to occupy every compute unit of a large GPU, since each row is a serial chain.
constexpr int kMaxRowsPerGroup = 8;
// Source positions staged per row at once: enough depth reads in flight to cover their
// latency, little enough local memory that many work-groups still share a compute unit.
constexpr int kTargetStageSize = 1024;

// Every value compiled into the fast kernel besides P and M (see kernels/stereogram.cl).
struct FastGeometry {
  int lanes_per_row = 1;
  int rows_per_group = 1;
  int ring_size = 1;
  int stage_size = 1;

  std::size_t local_bytes() const {
    return sizeof(float) * static_cast<std::size_t>(rows_per_group) * static_cast<std::size_t>(ring_size + stage_size);
  }
};

struct DeviceLimits {
  std::size_t group_size = 1;  // also bounded by what the compiled kernel allows
  std::size_t lanes = 1;       // CL_DEVICE_MAX_WORK_ITEM_SIZES[0]
  std::size_t rows = 1;        // CL_DEVICE_MAX_WORK_ITEM_SIZES[1]
  std::size_t local_bytes = 0;
};

// Output pixel i reads indices up to floor((i - P) + M) + 1, and the float sum can round up to
// (i - P) + ceil(M) but never past it: so this many neighbours never read each other. M close
// below P - 1 leaves no such band; then each pixel can only rely on the one before it.
int independent_band_width(const StereogramParams& params) {
  return std::max(1, params.pattern_width - 1 - static_cast<int>(std::ceil(params.max_offset)));
}

int round_down_to_multiple(int value, int step) { return std::max(step, value / step * step); }

FastGeometry plan_fast_geometry(const StereogramParams& params, const DeviceLimits& limits) {
  const auto as_int = [](std::size_t value) { return static_cast<int>(std::min<std::size_t>(value, 1 << 20)); };
  const int max_group = std::max(1, as_int(limits.group_size));
  FastGeometry geometry;
  geometry.lanes_per_row = std::clamp(std::min(independent_band_width(params), kMaxLanesPerRow), 1,
                                      std::max(1, std::min(max_group, as_int(limits.lanes))));
  geometry.rows_per_group = std::clamp(std::min(kTargetGroupSize / geometry.lanes_per_row, kMaxRowsPerGroup), 1,
                                       std::max(1, std::min(as_int(limits.rows), max_group / geometry.lanes_per_row)));
  geometry.ring_size =
      static_cast<int>(std::bit_ceil(static_cast<unsigned>(params.pattern_width + geometry.lanes_per_row)));
  geometry.stage_size = round_down_to_multiple(kTargetStageSize, geometry.lanes_per_row);
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

// A hexadecimal literal, so the device compiles exactly the float the host holds.
std::string float_literal(float value) {
  char text[64];
  std::snprintf(text, sizeof text, "%af", static_cast<double>(value));
  return text;
}

std::string build_options(const StereogramParams& params, const FastGeometry& geometry) {
  const float inverse_pattern_width = 1.0f / static_cast<float>(params.pattern_width);  // as the reference rounds it
  return "-D PATTERN_WIDTH=" + std::to_string(params.pattern_width) +
         " -D MAX_OFFSET=" + float_literal(params.max_offset) +
         " -D INVERSE_PATTERN_WIDTH=" + float_literal(inverse_pattern_width) +
         " -D LANES_PER_ROW=" + std::to_string(geometry.lanes_per_row) +
         " -D ROWS_PER_GROUP=" + std::to_string(geometry.rows_per_group) +
         " -D RING_SIZE=" + std::to_string(geometry.ring_size) +
         " -D STAGE_SIZE=" + std::to_string(geometry.stage_size);
}

const char* kernel_name(StereogramKernelKind kind) {
  return kind == StereogramKernelKind::classic ? "stereogram_classic" : "stereogram_fast";
}

std::size_t image_size(const cl::Image& image, cl_image_info what) {
  std::size_t size = 0;
  image.getImageInfo(what, &size);
  return size;
}

}  // namespace

std::string_view stereogram_kernel_kind_name(StereogramKernelKind kind) {
  return kind == StereogramKernelKind::classic ? "classic" : "fast";
}

std::optional<StereogramKernelKind> parse_stereogram_kernel_kind(std::string_view name) {
  if (name == "classic") return StereogramKernelKind::classic;
  if (name == "fast") return StereogramKernelKind::fast;
  return std::nullopt;
}

StereogramKernel::StereogramKernel(const cl::Context& context, const cl::Device& device, StereogramParams params,
                                   StereogramKernelKind kind)
    : params_(params), kind_(kind) {
  if (const Status valid = validate(params_); !valid) throw std::invalid_argument(valid.error());

  const auto item_sizes = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
  DeviceLimits limits;
  limits.group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  limits.lanes = item_sizes.size() > 0 ? item_sizes[0] : 1;
  limits.rows = item_sizes.size() > 1 ? item_sizes[1] : 1;
  limits.local_bytes = static_cast<std::size_t>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());

  // The compiled kernel may allow a smaller work-group or less local memory than the device
  // (registers, the compiler's own local variables): plan again within what it reports.
  constexpr int kAttempts = 4;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const FastGeometry geometry = plan_fast_geometry(params_, limits);
    const cl::Program program = build_program(context, device, kKernelFile, build_options(params_, geometry));
    kernel_ = cl::Kernel(program, kernel_name(kind_));
    lanes_per_row_ = geometry.lanes_per_row;
    rows_per_group_ = geometry.rows_per_group;
    if (kind_ == StereogramKernelKind::classic) return;

    const auto allowed_group = kernel_.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const auto used_local = static_cast<std::size_t>(kernel_.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device));
    const auto group = static_cast<std::size_t>(geometry.lanes_per_row * geometry.rows_per_group);
    const auto device_local = static_cast<std::size_t>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
    if (group <= allowed_group && used_local <= device_local) return;
    limits.group_size = std::min(limits.group_size, allowed_group);
    if (used_local > device_local) limits.local_bytes = geometry.local_bytes() / 2;
  }
  throw KernelBuildError(kKernelFile, "no work-group shape of stereogram_fast fits this device");
}

cl::Event StereogramKernel::enqueue(cl::CommandQueue& queue, const cl::Image& depth, const cl::Image& offsets,
                                    int width, int height, const std::vector<cl::Event>* wait) {
  if (width < 1 || height < 1)
    throw std::invalid_argument("stereogram size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be at least 1x1");
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  const auto out_w = w + static_cast<std::size_t>(params_.pattern_width);
  if (image_size(depth, CL_IMAGE_WIDTH) < w || image_size(depth, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("depth image is smaller than " + std::to_string(width) + "x" + std::to_string(height));
  if (image_size(offsets, CL_IMAGE_WIDTH) < out_w || image_size(offsets, CL_IMAGE_HEIGHT) < h)
    throw std::invalid_argument("offsets image is smaller than " + std::to_string(out_w) + "x" +
                                std::to_string(height));

  kernel_.setArg(0, depth);
  kernel_.setArg(1, offsets);
  kernel_.setArg(2, width);
  kernel_.setArg(3, height);
  cl::Event done;
  if (kind_ == StereogramKernelKind::classic) {
    queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(h), cl::NullRange, wait, &done);
  } else {
    const auto lanes = static_cast<std::size_t>(lanes_per_row_);
    const auto rows = static_cast<std::size_t>(rows_per_group_);
    // OpenCL 1.2 needs whole work-groups: the rows past the image idle through the barriers.
    const std::size_t padded_height = (h + rows - 1) / rows * rows;
    queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(lanes, padded_height), cl::NDRange(lanes, rows),
                               wait, &done);
  }
  return done;
}

}  // namespace stereocl
