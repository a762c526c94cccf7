// The box blur: first the separable CPU reference against the definition summed pixel by
// pixel, then kernels/blur.cl against the reference, bit for bit.
#include "cl_test_device.hpp"
#include "compute/effects/blur_cpu.hpp"
#include "compute/effects/blur_kernel.hpp"

#include "random_images.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>

namespace stereocl {
namespace {

using testing::random_grey;
using testing::random_rgba;

constexpr int test_radii[] = {1, 2, 4, 16, 32};

// The definition, one window at a time: what the separable reference must equal.
GreyImage blur_by_definition(const GreyImage& image, int radius, BlurBorder border) {
  GreyImage out(image.width, image.height);
  const int n = (2 * radius + 1) * (2 * radius + 1);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      int sum = 0;
      for (int v = y - radius; v <= y + radius; ++v) {
        for (int u = x - radius; u <= x + radius; ++u) {
          const bool inside = u >= 0 && u < image.width && v >= 0 && v < image.height;
          if (inside || border == BlurBorder::clamp)
            sum += image.at(std::clamp(u, 0, image.width - 1), std::clamp(v, 0, image.height - 1));
        }
      }
      out.at(x, y) = static_cast<std::uint8_t>((sum + n / 2) / n);
    }
  }
  return out;
}

std::string border_name(BlurBorder border) { return border == BlurBorder::zero ? "zero" : "clamp"; }

TEST(BlurReference, EqualsTheDefinition) {
  for (const BlurBorder border : {BlurBorder::zero, BlurBorder::clamp}) {
    for (const int radius : test_radii) {
      for (const auto& [width, height] : {std::pair{1, 1}, std::pair{23, 17}, std::pair{5, 40}}) {
        SCOPED_TRACE(border_name(border) + " r=" + std::to_string(radius) + " " + std::to_string(width) + "x" +
                     std::to_string(height));
        const GreyImage image = random_grey(width, height, static_cast<unsigned>(radius * 100 + width));
        EXPECT_TRUE(blur_reference(image, radius, border).pixels == blur_by_definition(image, radius, border).pixels);
      }
    }
  }
}

TEST(BlurReference, RgbaChannelsBlurIndependently) {
  const RgbaImage rgba = random_rgba(19, 11, 5);
  const RgbaImage blurred = blur_reference(rgba, 3, BlurBorder::zero);
  GreyImage alpha(rgba.width, rgba.height);
  for (std::size_t i = 0; i < rgba.pixels.size(); ++i) alpha.pixels[i] = rgba.pixels[i].a;
  const GreyImage blurred_alpha = blur_by_definition(alpha, 3, BlurBorder::zero);
  for (std::size_t i = 0; i < rgba.pixels.size(); ++i) EXPECT_EQ(blurred.pixels[i].a, blurred_alpha.pixels[i]);
}

TEST(BlurReference, ConstantImageStaysConstantWithClampedBorders) {
  const GreyImage constant(40, 30, 173);
  for (const int radius : test_radii)
    EXPECT_TRUE(blur_reference(constant, radius, BlurBorder::clamp).pixels == constant.pixels) << "r=" << radius;
}

TEST(BlurReference, ZeroBorderDarkensCornersButKeepsTheDivisor) {
  const GreyImage constant(10, 10, 90);
  const GreyImage blurred = blur_reference(constant, 1, BlurBorder::zero);
  EXPECT_EQ(blurred.at(0, 0), (4 * 90 + 4) / 9);  // 4 of 9 window pixels inside
  EXPECT_EQ(blurred.at(5, 0), (6 * 90 + 4) / 9);
  EXPECT_EQ(blurred.at(5, 5), 90);
}

TEST(BlurReference, RejectsRadiiOutsideOneToThirtyTwo) {
  const GreyImage image(4, 4);
  EXPECT_THROW(blur_reference(image, 0, BlurBorder::clamp), std::invalid_argument);
  EXPECT_THROW(blur_reference(image, 33, BlurBorder::clamp), std::invalid_argument);
  try {
    require_valid_blur_radius(33);
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("33"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("1..32"), std::string::npos);
  }
}

template <class Pixel>
Image<Pixel> blur_on_device(testing::ClTestDevice& cl, BlurKernel& kernel, const Image<Pixel>& image, int radius,
                            BlurBorder border) {
  cl::Buffer in(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, image.size_bytes(),
                const_cast<Pixel*>(image.pixels.data()));
  cl::Buffer out(cl.context, CL_MEM_WRITE_ONLY, image.size_bytes());
  if constexpr (sizeof(Pixel) == 1)
    kernel.enqueue_grey(cl.queue, in, out, image.width, image.height, radius, border);
  else
    kernel.enqueue_rgba(cl.queue, in, out, image.width, image.height, radius, border);
  Image<Pixel> result(image.width, image.height);
  cl.queue.enqueueReadBuffer(out, CL_TRUE, 0, result.size_bytes(), result.pixels.data());
  return result;
}

struct BlurCase {
  bool rgba;
  BlurBorder border;
  int width;
  int height;
  std::vector<int> radii;
};

std::string case_name(const BlurCase& c) {
  return std::string(c.rgba ? "rgba_" : "grey_") + border_name(c.border) + "_" + std::to_string(c.width) + "x" +
         std::to_string(c.height);
}

class BlurKernelTest : public ::testing::TestWithParam<BlurCase> {};

TEST_P(BlurKernelTest, MatchesReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  const BlurCase& c = GetParam();
  BlurKernel kernel(cl->programs);  // one object for all radii: its scratch buffer is reused
  for (const int radius : c.radii) {
    SCOPED_TRACE("r=" + std::to_string(radius));
    const auto seed = static_cast<unsigned>(c.width * 1009 + c.height * 17 + radius);
    if (c.rgba) {
      const RgbaImage image = random_rgba(c.width, c.height, seed);
      EXPECT_TRUE(blur_on_device(*cl, kernel, image, radius, c.border).pixels ==
                  blur_reference(image, radius, c.border).pixels);
    } else {
      const GreyImage image = random_grey(c.width, c.height, seed);
      EXPECT_TRUE(blur_on_device(*cl, kernel, image, radius, c.border).pixels ==
                  blur_reference(image, radius, c.border).pixels);
    }
  }
}

std::vector<BlurCase> blur_cases() {
  const std::vector<int> all_radii(std::begin(test_radii), std::end(test_radii));
  std::vector<BlurCase> cases;
  for (const bool rgba : {false, true}) {
    for (const BlurBorder border : {BlurBorder::zero, BlurBorder::clamp}) {
      for (const auto& [width, height] : {std::pair{1, 1}, std::pair{17, 3}, std::pair{1000, 1}, std::pair{1, 1000},
                                         std::pair{1100, 70}})
        cases.push_back({rgba, border, width, height, all_radii});
      // Large images for a smallest and a largest radius only, to keep PoCL runs short.
      cases.push_back({rgba, border, 1921, 1081, {2, 32}});
    }
    cases.push_back({rgba, BlurBorder::clamp, 4096, 2160, {1, 16}});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Cases, BlurKernelTest, ::testing::ValuesIn(blur_cases()),
                         [](const auto& test_info) { return case_name(test_info.param); });

// The kernel divides by (2r+1)^2 with a multiply-high; it must agree with the division for every
// sum a window can have, for every radius.
TEST(BlurKernel, MultiplierDividesExactlyForEveryWindowSum) {
  for (int radius = min_blur_radius; radius <= max_blur_radius; ++radius) {
    const std::uint64_t n = static_cast<std::uint64_t>(2 * radius + 1) * static_cast<std::uint64_t>(2 * radius + 1);
    const std::uint64_t m = blur_multiplier(radius);
    std::uint64_t mismatches = 0;
    for (std::uint64_t sum = 0; sum <= 255 * n; ++sum) {
      const std::uint64_t q = sum + n / 2;
      mismatches += ((q * m) >> blur_multiplier_shift) != q / n;
    }
    EXPECT_EQ(mismatches, 0u) << "r=" << radius;
  }
}

struct Size {
  int width, height;
};

template <class Pixel>
void expect_device_matches_reference(testing::ClTestDevice& cl, BlurKernel& kernel, const Image<Pixel>& image,
                                     int radius, BlurBorder border) {
  EXPECT_TRUE(blur_on_device(cl, kernel, image, radius, border).pixels == blur_reference(image, radius, border).pixels);
}

// Each work-group owns a strip of columns (1024 grey, 256 RGBA, less 2r+1 or so of overlap) and a
// band of rows; images just around those sizes, with bands forced to 8 and 16 rows, exercise every
// edge of that tiling.
TEST(BlurKernel, MatchesReferenceAroundStripAndBandEdges) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  BlurKernel kernel(cl->programs);
  const Size grey_sizes[] = {{1015, 9}, {1016, 17}, {1017, 23}, {956, 8}, {957, 7}, {2033, 25}, {988, 31}};
  const Size rgba_sizes[] = {{252, 9}, {253, 17}, {254, 23}, {189, 8}, {190, 7}, {507, 25}, {221, 33}};
  // blur.cl alone, at small radii too: blur_small.cl has its own test below.
  kernel.use_small_radius_kernel(false);
  for (const char* band : {"8", "16"}) {
    kernel.force_tile_rows(std::atoi(band));
    for (const BlurBorder border : {BlurBorder::zero, BlurBorder::clamp}) {
      for (const int radius : test_radii) {
        for (const Size size : grey_sizes) {
          SCOPED_TRACE(std::string("grey band=") + band + " " + border_name(border) + " r=" + std::to_string(radius) +
                       " " + std::to_string(size.width) + "x" + std::to_string(size.height));
          const auto seed = static_cast<unsigned>(radius + size.width);
          expect_device_matches_reference(*cl, kernel, random_grey(size.width, size.height, seed), radius, border);
        }
        for (const Size size : rgba_sizes) {
          SCOPED_TRACE(std::string("rgba band=") + band + " " + border_name(border) + " r=" + std::to_string(radius) +
                       " " + std::to_string(size.width) + "x" + std::to_string(size.height));
          const auto seed = static_cast<unsigned>(radius + size.width);
          expect_device_matches_reference(*cl, kernel, random_rgba(size.width, size.height, seed), radius, border);
        }
      }
    }
  }
}

// kernels/blur_small.cl (radii 1..4): widths on and off its 16-byte fast path (grey: multiples of
// 16; RGBA: of 4), grey widths that are multiples of 8 but not 16 (grey r1's last item half past
// the row), items whose span straddles the left or right edge, heights on and off its 8-row steps,
// and images narrower than one item or its halo.
TEST(BlurKernel, SmallRadiusKernelMatchesReference) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  BlurKernel kernel(cl->programs);
  const Size sizes[] = {{1, 1}, {17, 3}, {3, 17}, {16, 8}, {32, 9}, {48, 7}, {64, 17}, {20, 5}, {8, 12}, {24, 6}, {1000, 9}, {1921, 41}, {2560, 33}};
  for (const BlurBorder border : {BlurBorder::zero, BlurBorder::clamp}) {
    for (int radius = 1; radius <= BlurKernel::max_small_radius; ++radius) {
      for (const Size size : sizes) {
        SCOPED_TRACE(std::string(border_name(border)) + " r=" + std::to_string(radius) + " " +
                     std::to_string(size.width) + "x" + std::to_string(size.height));
        const auto seed = static_cast<unsigned>(radius * 31 + size.width + size.height);
        expect_device_matches_reference(*cl, kernel, random_grey(size.width, size.height, seed), radius, border);
        expect_device_matches_reference(*cl, kernel, random_rgba(size.width, size.height, seed), radius, border);
      }
    }
  }
}

// Saturated input gives the largest sums the kernel's 32-bit prefix sums and rounding must hold.
TEST(BlurKernel, WhiteStaysWhite) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  BlurKernel kernel(cl->programs);
  const GreyImage white(1100, 70, 255);
  for (const bool small : {true, false}) {
    kernel.use_small_radius_kernel(small);
    for (const int radius : test_radii)
      EXPECT_TRUE(blur_on_device(*cl, kernel, white, radius, BlurBorder::clamp).pixels == white.pixels) << "r=" << radius;
  }
}

// The default band height: a multiple of the kernel's 8-row chunk, 32 rows for grey 2560x2560 on
// a large GPU's compute units (where the band-height sweep found it best), fewer for small images
// so the device still gets groups, and longer RGBA bands for larger radii.
TEST(BlurKernel, DefaultBandHeights) {
  for (const int channels : {1, 4})
    for (const int radius : {1, 2, 4, 8, 16, 32})
      for (const auto& [width, height] : {std::pair{1, 1}, std::pair{256, 256}, std::pair{1920, 1080},
                                         std::pair{2560, 2560}, std::pair{8192, 8192}})
        for (const int units : {1, 8, 132}) {
          const int rows = choose_blur_tile_rows(channels, width, height, radius, units);
          EXPECT_EQ(rows % 8, 0);
          EXPECT_GE(rows, 8);
          EXPECT_LE(rows, 64);
        }
  for (const int radius : {1, 16, 32}) EXPECT_EQ(choose_blur_tile_rows(1, 2560, 2560, radius, 132), 32);
  EXPECT_EQ(choose_blur_tile_rows(1, 256, 256, 1, 132), 8);
  EXPECT_EQ(choose_blur_tile_rows(4, 2560, 2560, 1, 132), 16);
  EXPECT_EQ(choose_blur_tile_rows(4, 2560, 2560, 32, 132), 56);
}

TEST(BlurKernel, RejectsRadiiOutsideOneToThirtyTwo) {
  auto cl = testing::open_cl_test_device();
  if (!cl) GTEST_SKIP() << "no OpenCL platform or device on this machine";
  BlurKernel kernel(cl->programs);
  cl::Buffer buffer(cl->context, CL_MEM_READ_WRITE, 64);
  for (const int radius : {0, 33, -1}) {
    EXPECT_THROW(kernel.enqueue_grey(cl->queue, buffer, buffer, 4, 4, radius, BlurBorder::zero), std::invalid_argument);
    EXPECT_THROW(kernel.enqueue_rgba(cl->queue, buffer, buffer, 4, 4, radius, BlurBorder::clamp), std::invalid_argument);
  }
}

}  // namespace
}  // namespace stereocl
