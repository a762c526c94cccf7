#include "compute/effects/blur_kernel.hpp"

#include "compute/cl/cl_program.hpp"
#include "compute/cl/cl_sizes.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace stereocl {

namespace {

// Must match kernels/blur.cl.
constexpr int group_size = 256;
constexpr int chunk_rows = 8;
int input_columns(int channels) { return channels == 1 ? 1024 : 256; }

int ceil_div(int value, int divisor) { return (value + divisor - 1) / divisor; }

// Must match kernels/blur_small.cl: pixels per work-item along a row (ITEM_UNITS), rows per item
// (ROWS_FOR).
int small_units(int channels, int radius) { return channels == 4 ? 4 : radius == 1 ? 16 : 8; }
int small_rows(int channels, int radius) { return channels == 4 ? 2 : radius == 1 ? 2 : 3; }
// 32 items across (a warp's loads cover 256 or 512 contiguous bytes), 4 rows of items.
constexpr int small_group_x = 32;
constexpr int small_group_y = 4;

// Local column of a strip's first output (>= r + 1, so the prefix sum just before every window
// lies in the strip) and how many outputs a strip makes; grey keeps both multiples of 4 for
// 4-byte loads and stores.
struct Strip {
  int lead;
  int width;
};
Strip strip_layout(int channels, int radius) {
  if (channels == 1) {
    const int lead = round_up(radius + 1, 4);
    return {lead, (input_columns(1) - lead - radius) / 4 * 4};
  }
  return {radius + 1, input_columns(4) - (radius + 1) - radius};
}

}  // namespace

int choose_blur_tile_rows(int channels, int width, int height, int radius, int compute_units) {
  const int strips = ceil_div(width, strip_layout(channels, radius).width);
  if (channels == 1) {
    // On a large GPU at 2560x2560, 32 rows were best at every radius, 64 a little slower, 16 slower
    // at r >= 8 (each strip's first window, 2r+1 rows, amortised over fewer outputs); at 256x256,
    // 8 rows beat 32 at small and large radii alike: with few groups, parallelism beats amortising
    // the first window (docs/performance.md, "Box blur, step by step").
    // So: about two groups per compute unit, 8 to 32 rows.
    const int for_groups = ceil_div(height * strips, 2 * std::max(1, compute_units));
    return round_up(std::clamp(for_groups, chunk_rows, 32), chunk_rows);
  }
  // RGBA strips are 4x narrower, so there are groups enough; the sweep liked 16 rows up to r8, 32
  // at r16 and ~56 at r32: about 1.75r.
  return round_up(std::clamp(std::max(16, 7 * radius / 4), 16, 64), chunk_rows);
}

std::uint32_t blur_multiplier(int radius) {
  require_valid_blur_radius(radius);
  const std::uint64_t n = static_cast<std::uint64_t>(2 * radius + 1) * static_cast<std::uint64_t>(2 * radius + 1);
  return static_cast<std::uint32_t>(((std::uint64_t{1} << blur_multiplier_shift) + n - 1) / n);
}

BlurKernel::BlurKernel(ProgramBuilder& programs)
    : programs_(programs),
      compute_units_(static_cast<int>(programs.device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>())) {
  const cl::Device& device = programs.device();
  if (device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() < static_cast<std::size_t>(group_size))
    throw KernelBuildError("blur.cl", "the blur kernel needs work-groups of " + std::to_string(group_size) +
                                          " items; this device allows " +
                                          std::to_string(device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>()));
}

BlurKernel::Variant& BlurKernel::variant(int channels, BlurBorder border) {
  const int clamp = border == BlurBorder::clamp ? 1 : 0;
  std::optional<Variant>& slot = variants_[static_cast<std::size_t>(2 * (channels == 4 ? 1 : 0) + clamp)];
  if (slot) return *slot;
  const std::string options = "-D CHANNELS=" + std::to_string(channels) + " -D CLAMP_BORDER=" + std::to_string(clamp);
  Variant built{Blur(programs_.build("blur.cl", options), "blur"), {}};
  const cl::Program small = programs_.build("blur_small.cl", options);
  for (int radius = 1; radius <= max_small_radius; ++radius)
    built.small.emplace_back(small, "blur_small_r" + std::to_string(radius));
  // After them, grey r1 for rows that are not 8-byte aligned (blur_small.cl says why it is a
  // kernel of its own).
  if (channels == 1) built.small.emplace_back(small, "blur_small_r1_unaligned");
  return slot.emplace(std::move(built));
}

BlurEvents BlurKernel::enqueue_grey(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                                    int width, int height, int radius, BlurBorder border,
                                    const std::vector<cl::Event>& wait_for) {
  return enqueue(1, queue, in, out, width, height, radius, border, wait_for);
}

BlurEvents BlurKernel::enqueue_rgba(const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                                    int width, int height, int radius, BlurBorder border,
                                    const std::vector<cl::Event>& wait_for) {
  return enqueue(4, queue, in, out, width, height, radius, border, wait_for);
}

int BlurKernel::tile_rows(int channels, int width, int height, int radius) const {
  if (forced_tile_rows_ > 0) return round_up(forced_tile_rows_, chunk_rows);
  return choose_blur_tile_rows(channels, width, height, radius, compute_units_);
}

cl::Event BlurKernel::enqueue_small(SmallBlur& kernel, int channels, const cl::CommandQueue& queue, const cl::Buffer& in,
                                    const cl::Buffer& out, int width, int height, int radius,
                                    const std::vector<cl::Event>& wait_for) {
  const int items_x = ceil_div(width, small_units(channels, radius));
  const int items_y = ceil_div(height, small_rows(channels, radius));
  const cl::NDRange global(static_cast<std::size_t>(round_up(items_x, small_group_x)),
                           static_cast<std::size_t>(round_up(items_y, small_group_y)));
  return kernel(enqueue_args(queue, wait_for, global, cl::NDRange(small_group_x, small_group_y)), in, out, width, height,
                static_cast<cl_uint>(blur_multiplier(radius)));
}

BlurEvents BlurKernel::enqueue(int channels, const cl::CommandQueue& queue, const cl::Buffer& in, const cl::Buffer& out,
                               int width, int height, int radius, BlurBorder border,
                               const std::vector<cl::Event>& wait_for) {
  require_valid_blur_radius(radius);
  if (width <= 0 || height <= 0)
    throw std::invalid_argument("blur image size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  const std::size_t image_bytes =
      static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * static_cast<std::size_t>(channels);
  if (in.getInfo<CL_MEM_SIZE>() < image_bytes || out.getInfo<CL_MEM_SIZE>() < image_bytes)
    throw std::invalid_argument("blur buffer is smaller than " + std::to_string(width) + "x" +
                                std::to_string(height) + "x" + std::to_string(channels) + " bytes");
  Variant& kernels = variant(channels, border);
  if (use_small_radius_kernel_ && radius <= (channels == 1 ? max_small_radius : max_small_radius_rgba)) {
    const bool unaligned_r1 = channels == 1 && radius == 1 && width % 8 != 0;
    SmallBlur& kernel = kernels.small[static_cast<std::size_t>(unaligned_r1 ? max_small_radius : radius - 1)];
    const cl::Event done = enqueue_small(kernel, channels, queue, in, out, width, height, radius, wait_for);
    return BlurEvents{done, done};
  }
  Blur& kernel = kernels.large;
  const Strip strip = strip_layout(channels, radius);
  const int rows = tile_rows(channels, width, height, radius);
  const int groups_x = ceil_div(width, strip.width);
  const int groups_y = ceil_div(height, rows);
  const cl::NDRange global(static_cast<std::size_t>(groups_x) * group_size, static_cast<std::size_t>(groups_y));
  const cl::Event done = kernel(enqueue_args(queue, wait_for, global, cl::NDRange(group_size, 1)), in, out, width, height,
                                radius, border == BlurBorder::clamp ? 1 : 0, strip.width, strip.lead, rows,
                                static_cast<cl_uint>(blur_multiplier(radius)));
  return BlurEvents{done, done};
}

}  // namespace stereocl
