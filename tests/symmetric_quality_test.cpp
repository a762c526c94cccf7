// Picture quality of the stereogram algorithms, measured as issue 10 defines it, for
// stereocl-symmetric, stereocl-lookup (today's algorithm, composed with linear filtering as the
// app does) and Debian's pamstereogram (netpbm, Thimbleby-Inglis-Witten) on the same depth maps:
//   Echo       a near pillar in front of a far wall: how strongly the wall right of the pillar
//              repeats at the pillar's separation, relative to the pillar's own repeat.
//   Sharpness  smooth depth: mean |neighbour difference| of the picture over that of the pattern.
//   Swim       the pillar moves 3 px: the share of pixels that change, in the rows it crosses
//              and in all rows (rows it does not cross must not change at all).
//   Seam       the README's recipe (assets/depth-shapes.png, assets/pattern-waves.png, M = 40):
//              the mean neighbour difference at x = P, and the worst column's, over the median column.
// Prints a table; asserts the targets for the symmetric algorithm. With
// STEREOCL_PICTURES_DIR set it also saves the pictures there (docs/ holds a set).
#include "compute/stereogram/symmetric_fast_cpu.hpp"
#include "compute/stereogram/lookup_cpu.hpp"
#include "depth_scenes.hpp"
#include "core/depth_map.hpp"
#include "core/pattern.hpp"
#include "pamstereogram.hpp"
#include "stereogram_pictures.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace stereocl {
namespace {

// A picture and where depth column 0 lies in it (the lookup's picture starts with a P-wide strip).
struct Picture {
  RgbaImage image;
  int depth_x0 = 0;
};

double luma(const Rgba8& c) { return (c.r + c.g + c.b) / 3.0; }

// Depth goes through an 8-bit grey PNG for every algorithm, so all three see the same levels.
DepthImage quantised(const DepthImage& depth, const std::string& name) {
  const std::string path = testing::write_png(name, visualise_depth(depth));
  auto loaded = load_image(path, PixelTarget::grey16);
  return depth_from_grey(loaded->grey16);
}

// Random dots hashed (from a palette of the same seed's dots), an image flowing, as the demo picks.
Picture symmetric_picture(const DepthImage& depth, const RgbaImage& pattern, int far, int near,
                          GroupColour colour = GroupColour::hashed, int oversample = 1) {
  SymmetricParams params = symmetric_params_from_pixels(far, static_cast<float>(far - near), oversample);
  params.pattern_columns = pattern.width;
  params.group_colour = colour;
  OffsetImage coordinates;
  symmetric_coordinates_parallel(depth, make_symmetric_plan(params), 0, coordinates);
  const RgbaImage palette = make_random_pattern(kRandomPaletteColumns, 1, false, 5u);
  return {testing::compose_nearest(coordinates, colour == GroupColour::hashed ? palette : pattern), 0};
}

Picture lookup_picture(const DepthImage& depth, const RgbaImage& pattern, int far, int near) {
  const OffsetImage offsets = stereogram_offsets_reference(depth, {far, static_cast<float>(far - near)});
  return {testing::compose_linear(offsets, pattern), far};
}

std::optional<Picture> pamstereogram_picture(const DepthImage& depth, const RgbaImage& pattern, int far, int near,
                                             const std::string& name) {
  auto picture = testing::pamstereogram_picture(depth, pattern, far, near, name);
  if (!picture) return std::nullopt;
  return Picture{std::move(*picture), 0};
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  const auto n = static_cast<double>(a.size());
  double ma = 0, mb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
  ma /= n, mb /= n;
  double ab = 0, aa = 0, bb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) * (a[i] - ma);
    bb += (b[i] - mb) * (b[i] - mb);
  }
  return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0.0;
}

// Correlation of the picture with itself `period` pixels to the left, over depth columns [x0, x1).
double repeat_strength(const Picture& picture, int period, int x0, int x1, int y0, int y1) {
  std::vector<double> here, there;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      here.push_back(luma(picture.image.at(x + picture.depth_x0, y)));
      there.push_back(luma(picture.image.at(x + picture.depth_x0 - period, y)));
    }
  return correlation(here, there);
}

// The picture at x repeats with the separation of the point half a period to its left: the
// pillar's own repeat is measured where that point is on the pillar, the echo where it is on
// the wall within two wall periods right of the pillar.
double echo(const Picture& picture, const testing::Pillar& pillar, int near, int far) {
  const double real = repeat_strength(picture, near, pillar.left + near / 2 + 4, pillar.right + near / 2 - 4,
                                      pillar.top + 2, pillar.bottom - 2);
  const int start = pillar.right + far / 2 + 4;
  const double ghost = repeat_strength(picture, near, start, start + 2 * far, pillar.top + 2, pillar.bottom - 2);
  return ghost / real;
}

double mean_neighbour_difference(const RgbaImage& image, int x0, int x1) {
  double sum = 0;
  long count = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = std::max(x0, 1); x < x1; ++x, ++count)
      sum += std::abs(luma(image.at(x, y)) - luma(image.at(x - 1, y)));
  return sum / static_cast<double>(count);
}

double pattern_neighbour_difference(const RgbaImage& pattern) {
  double sum = 0;
  for (int y = 0; y < pattern.height; ++y)
    for (int x = 0; x < pattern.width; ++x)
      sum += std::abs(luma(pattern.at(x, y)) - luma(pattern.at((x + pattern.width - 1) % pattern.width, y)));
  return sum / (static_cast<double>(pattern.width) * pattern.height);
}

double sharpness(const Picture& picture, const RgbaImage& pattern, int depth_width) {
  return mean_neighbour_difference(picture.image, picture.depth_x0 + 1, picture.depth_x0 + depth_width) /
         pattern_neighbour_difference(pattern);
}

struct Seam {
  double at_pattern_width = 0;  // column x = P over the median column
  double worst = 0;             // the worst column over the median column
};

Seam seam(const Picture& picture, int pattern_width) {
  const RgbaImage& image = picture.image;
  std::vector<double> columns(static_cast<std::size_t>(image.width), 0.0);
  for (int x = 1; x < image.width; ++x) {
    for (int y = 0; y < image.height; ++y) columns[x] += std::abs(luma(image.at(x, y)) - luma(image.at(x - 1, y)));
    columns[x] /= image.height;
  }
  std::vector<double> sorted(columns.begin() + 1, columns.end());
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  const double median = sorted[sorted.size() / 2];
  return {columns[pattern_width] / median, *std::max_element(columns.begin() + 1, columns.end()) / median};
}

void save_for_docs(const std::string& name, const RgbaImage& image) {
  const char* dir = std::getenv("STEREOCL_PICTURES_DIR");
  if (!dir) return;
  const Status saved = save_png(std::string(dir) + "/" + name, image);
  EXPECT_TRUE(saved) << saved.error();
}

// The three algorithms on one depth map, by name.
std::map<std::string, Picture> all_pictures(const DepthImage& depth, const RgbaImage& pattern, int far, int near,
                                            const std::string& scene, GroupColour colour = GroupColour::hashed) {
  std::map<std::string, Picture> pictures;
  pictures["stereocl-symmetric"] = symmetric_picture(depth, pattern, far, near, colour);
  pictures["stereocl-lookup"] = lookup_picture(depth, pattern, far, near);
  if (auto pam = pamstereogram_picture(depth, pattern, far, near, scene)) pictures["pamstereogram"] = *pam;
  for (const auto& [name, picture] : pictures) save_for_docs(scene + "-" + name + ".png", picture.image);
  return pictures;
}

// Near 72 px and far 90 px: 72 dpi, E = 2.5 in, mu = 1/3, pamstereogram's default geometry.
constexpr int kFar = 90, kNear = 72;

TEST(StereogramQuality, EchoBesideANearPillar) {
  const testing::Pillar pillar{250, 330, 40, 260};
  const DepthImage depth = quantised(testing::pillar_depth(720, 300, pillar), "pillar-depth.png");
  const RgbaImage pattern = make_random_pattern(kFar, kFar, false, 5u);
  for (const auto& [name, picture] : all_pictures(depth, pattern, kFar, kNear, "pillar")) {
    const double value = echo(picture, pillar, kNear, kFar);
    std::printf("| Echo | %s | %.3f |\n", name.c_str(), value);
    if (name == "stereocl-symmetric") EXPECT_LE(value, 0.02);
  }
}

struct Change {
  double crossed_rows = 0, other_rows = 0;
};

Change changed_pixels(const Picture& before, const Picture& after, const testing::Pillar& pillar) {
  long crossed = 0, crossed_total = 0, other = 0, other_total = 0;
  for (int y = 0; y < before.image.height; ++y) {
    const bool crosses = y >= pillar.top && y < pillar.bottom;
    for (int x = 0; x < before.image.width; ++x) {
      const bool differs = !(before.image.at(x, y) == after.image.at(x, y));
      (crosses ? crossed : other) += differs;
      ++(crosses ? crossed_total : other_total);
    }
  }
  return {static_cast<double>(crossed) / crossed_total, static_cast<double>(other) / other_total};
}

TEST(StereogramQuality, AMovingPillarChangesOnlyTheRowsItCrosses) {
  const testing::Pillar pillar{250, 330, 40, 260}, moved{253, 333, 40, 260};
  const DepthImage before = testing::pillar_depth(720, 300, pillar), after = testing::pillar_depth(720, 300, moved);
  const RgbaImage pattern = make_random_pattern(kFar, kFar, false, 5u);
  const std::pair<const char*, std::function<Picture(const DepthImage&)>> algorithms[] = {
      {"stereocl-symmetric", [&](const DepthImage& depth) { return symmetric_picture(depth, pattern, kFar, kNear); }},
      {"stereocl-lookup", [&](const DepthImage& depth) { return lookup_picture(depth, pattern, kFar, kNear); }}};
  for (const auto& [name, make] : algorithms) {
    const Change change = changed_pixels(make(before), make(after), pillar);
    std::printf("| Swim | %s | %.3f of the pixels in rows the pillar crosses, %.3f elsewhere |\n", name,
                change.crossed_rows, change.other_rows);
    EXPECT_EQ(change.other_rows, 0.0) << name;
  }
}

TEST(StereogramQuality, SharpnessOnSmoothDepth) {
  const DepthImage depth = quantised(testing::sphere_on_ramp_depth(720, 300), "sphere-depth.png");
  const RgbaImage pattern = make_random_pattern(kFar, kFar, false, 6u);
  for (const auto& [name, picture] : all_pictures(depth, pattern, kFar, kNear, "sphere")) {
    const double value = sharpness(picture, pattern, depth.width);
    std::printf("| Sharpness | %s | %.3f |\n", name.c_str(), value);
    if (name == "stereocl-symmetric") EXPECT_GE(value, 0.90);
  }
}

// A row of one depth repeats at its separation; at oversample N that separation has N x finer
// steps, and the picture shows them as a mix of the two whole periods around it. The mean period
// of a row decodes it: each pixel's period is the distance to a run of three equal pixels (a
// chance match of three random grey dots is rare enough to ignore).
double mean_period(const RgbaImage& picture, int y, int shortest, int longest) {
  double sum = 0, found = 0;
  const auto same = [&](int x, int period) {
    for (int k = 0; k < 3; ++k)
      if (!(picture.at(x + k, y) == picture.at(x + k - period, y))) return false;
    return true;
  };
  for (int x = longest; x + 3 <= picture.width; ++x)
    for (int period = shortest; period <= longest; ++period)
      if (same(x, period)) {
        sum += period;
        found += 1;
        break;
      }
  return sum / std::max(found, 1.0);
}

TEST(StereogramQuality, OversamplingDecodesIntoFinerDepthSteps) {
  // Depth falls from far to near down the rows, one depth per row, finer than any oversampling.
  const int width = 900, height = 721;
  DepthImage depth(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) depth.at(x, y) = 1.f - static_cast<float>(y) / (height - 1);
  const RgbaImage pattern = make_random_pattern(kFar, 64, false, 8u);
  std::map<int, std::size_t> levels;
  for (const int oversample : {1, 4}) {
    const Picture picture = symmetric_picture(depth, pattern, kFar, kNear, GroupColour::hashed, oversample);
    std::vector<long> decoded;
    for (int y = 0; y < height; ++y) decoded.push_back(std::lround(64.0 * mean_period(picture.image, y, kNear - 1, kFar + 1)));
    std::sort(decoded.begin(), decoded.end());
    levels[oversample] = static_cast<std::size_t>(std::unique(decoded.begin(), decoded.end()) - decoded.begin());
    const double sharp = sharpness(picture, pattern, width);
    std::printf("| Oversample %d | %zu depth levels decoded | sharpness %.3f |\n", oversample, levels[oversample], sharp);
    EXPECT_GE(sharp, 0.90) << "oversample " << oversample;
  }
  // M + 1 levels at oversample 1, N M + 1 at N: the steps between them, not the levels, scale by N.
  EXPECT_GE(levels[4] - 1, 4 * (levels[1] - 1));
}

TEST(StereogramQuality, NoSeamWithTheAssetsRecipe) {
  auto loaded_depth = load_image(std::string(STEREOCL_ASSETS_DIR) + "/depth-shapes.png", PixelTarget::grey16);
  auto loaded_pattern = load_image(std::string(STEREOCL_ASSETS_DIR) + "/pattern-waves.png", PixelTarget::rgba8);
  ASSERT_TRUE(loaded_depth.ok() && loaded_pattern.ok());
  const DepthImage depth = depth_from_grey(loaded_depth->grey16);
  const RgbaImage& pattern = loaded_pattern->rgba;
  const int far = pattern.width, near = far - 40;
  for (const auto& [name, picture] : all_pictures(depth, pattern, far, near, "assets", GroupColour::flowing)) {
    const Seam value = seam(picture, far);
    std::printf("| Seam | %s | at x = P: %.2f, worst column: %.2f |\n", name.c_str(), value.at_pattern_width,
                value.worst);
    if (name == "stereocl-symmetric") {
      EXPECT_LE(value.at_pattern_width, 1.5);
      EXPECT_LE(value.worst, 2.0);
    }
  }
}

}  // namespace
}  // namespace stereocl
