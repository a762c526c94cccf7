// Depth a viewer sees between whole pixels: the symmetric stereogram decoded to a fraction of a
// pixel (subpixel_decode.hpp) on planes between two levels, slopes, a sphere, a ripple and a
// photo-like map, against the map's continuous separation; pamstereogram's figures on the same
// maps are printed beside ours (docs/stereogram-quality.md has the tables and the crops).
// STEREOCL_PICTURES_DIR=/some/dir writes each picture and its decoded separation.
#include "compute/stereogram/compose_cpu.hpp"
#include "compute/stereogram/group_colours.hpp"
#include "compute/stereogram/symmetric_fast_cpu.hpp"
#include "core/depth_map.hpp"
#include "core/pattern.hpp"
#include "depth_scenes.hpp"
#include "echo_decode.hpp"
#include "files/picture/image_file.hpp"
#include "pamstereogram.hpp"
#include "subpixel_decode.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace stereocl {
namespace {

constexpr int kWidth = 960, kHeight = 540;
constexpr int kFar = 90, kNear = 60;  // P = 90, M = 30, as the issue measured
constexpr int kStep = 4;              // the decoder samples every 4th pixel of every 4th row

// terraced: the table rounded to whole pixels, so every row links at the nearest whole separation,
// the picture before rows took thresholds of their own (the plain picture of issue 60).
RgbaImage our_picture(const DepthImage& depth, bool terraced = false) {
  StereogramParams params;
  params.pattern_width = kFar;
  params.max_offset = static_cast<float>(kFar - kNear);
  params.group_colour = GroupColour::hashed;
  SymmetricPlan plan = make_symmetric_plan(symmetric_params_of(params));
  if (terraced)
    for (std::int32_t& s : plan.separations) s = (s + 128) >> kSeparationFractionBits << kSeparationFractionBits;
  OffsetImage coordinates;
  symmetric_coordinates_parallel(depth, plan, 0, coordinates);
  return compose_reference(coordinates, random_dots_for(params, false, 7u), PatternSampling::whole_pixels);
}

// The separation each generator means at a depth: ours is linear in depth; pamstereogram's is the
// paper's (1 - mu z) E / (2 - mu z) with z its 8-bit nearness, E = 2 far and mu from -planes.
double our_separation(float depth) { return kFar - (kFar - kNear) * (1.0 - std::clamp(depth, 0.f, 1.f)); }
double their_separation(float depth) {
  const double z = std::round((1.0 - std::clamp(depth, 0.f, 1.f)) * 255.0) / 255.0;
  const double eye = 2.0 * kFar, mu = (eye - 2.0 * kNear) / (eye - kNear);
  return eye * (1 - mu * z) / (2 - mu * z);
}

struct Decoded {
  double decoded_share = 0;  // sampled pixels the decoder finds a separation for
  double mean_error = 0;     // |estimate - the map's continuous separation|, where depth is smooth
  double whole_share = 0;    // estimates within 1/16 px of a whole pixel: terraces (uniform: 0.125)
  double column_spread = 0;  // standard deviation across columns of each column's mean estimate
  long smooth = 0;
};

// The continuous separation of the scene point a link from x of about s pixels stands for (it
// lies at the link's middle); nullopt where depth jumps within the link or the window.
std::optional<double> true_separation(const DepthImage& depth, int x, int y, double s,
                                      const std::function<double(float)>& separation) {
  const int h = testing::kSubpixelHalfWindow;
  for (int dy = -h; dy <= h; dy += h)
    for (int u = x - h; u < std::min(depth.width - 1, x + static_cast<int>(s) + h + 1); ++u)
      if (std::abs(separation(depth.at(u + 1, y + dy)) - separation(depth.at(u, y + dy))) > 0.5) return std::nullopt;
  for (int i = 0; i < 3; ++i) {
    const double middle = std::clamp(x + s / 2, 0.0, depth.width - 1.0);
    const int left = static_cast<int>(middle);
    const double f = middle - left;
    const int right = std::min(left + 1, depth.width - 1);
    s = (1 - f) * separation(depth.at(left, y)) + f * separation(depth.at(right, y));
  }
  return s;
}

double spread(const std::vector<double>& sums, const std::vector<int>& counts) {
  double n = 0, mean = 0, square = 0;
  for (std::size_t i = 0; i < sums.size(); ++i) {
    if (counts[i] < 10) continue;
    const double m = sums[i] / counts[i];
    n += 1, mean += m, square += m * m;
  }
  return n > 1 ? std::sqrt(std::max(0.0, square / n - (mean / n) * (mean / n))) : 0;
}

// Decodes every kStep-th pixel; writes the estimates into `image` (0: none) when given.
Decoded decode(const RgbaImage& picture, const DepthImage& depth, const std::function<double(float)>& separation,
               DepthImage* image = nullptr) {
  const testing::LumaImage luma = testing::luma_of(picture);
  Decoded d;
  long sampled = 0, decoded = 0, whole = 0;
  double error = 0;
  std::vector<double> sums(static_cast<std::size_t>(picture.width));
  std::vector<int> counts(static_cast<std::size_t>(picture.width));
  for (int y = 0; y < picture.height; y += kStep)
    for (int x = 0; x < picture.width; x += kStep) {
      if (x < testing::kSubpixelHalfWindow || x + kFar + 8 >= picture.width) continue;
      const auto estimate = testing::estimate_separation(luma, x, y, kNear - 2, kFar + 2);
      if (y >= testing::kSubpixelHalfWindow && y + testing::kSubpixelHalfWindow < picture.height) ++sampled;
      if (!estimate) continue;
      ++decoded;
      const double s = estimate->separation;
      whole += std::abs(s - std::round(s)) <= 1.0 / 16;
      sums[x] += s, ++counts[x];
      if (image) image->at(x, y) = static_cast<float>(s);
      if (const auto truth = true_separation(depth, x, y, s, separation)) error += std::abs(s - *truth), ++d.smooth;
    }
  d.decoded_share = sampled ? static_cast<double>(decoded) / sampled : 0;
  d.mean_error = d.smooth ? error / d.smooth : 0;
  d.whole_share = decoded ? static_cast<double>(whole) / decoded : 0;
  d.column_spread = spread(sums, counts);
  return d;
}

struct Map {
  std::string name;
  DepthImage depth;
  bool plane = false;  // one separation everywhere: its column spread is the washboard measure
};

DepthImage depth_of(const std::function<float(int, int)>& shape) {
  DepthImage depth(kWidth, kHeight);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) depth.at(x, y) = std::clamp(shape(x, y), 0.f, 1.f);
  return depth;
}

float depth_at_separation(double s) { return static_cast<float>(1.0 - (kFar - s) / (kFar - kNear)); }

// Smooth blobs at three scales (bilinear value noise) with a soft-edged near disc: depth as a
// photograph's depth estimate looks, smooth almost everywhere with a few steep edges.
DepthImage photo_like_depth() {
  std::mt19937 random(11u);
  std::uniform_real_distribution<float> unit(0.f, 1.f);
  std::vector<std::vector<float>> grids;
  const int cells[] = {4, 9, 23};
  for (int c : cells) {
    grids.emplace_back(static_cast<std::size_t>((c + 2) * (c + 2)));
    for (float& v : grids.back()) v = unit(random);
  }
  return depth_of([&](int x, int y) {
    float sum = 0, weight = 0.6f;
    for (std::size_t g = 0; g < grids.size(); ++g, weight *= 0.45f) {
      const float gx = x * cells[g] / float(kWidth), gy = y * cells[g] / float(kHeight);
      const int ix = int(gx), iy = int(gy);
      const float fx = gx - ix, fy = gy - iy;
      const auto v = [&](int i, int j) { return grids[g][std::size_t(j * (cells[g] + 2) + i)]; };
      sum += weight * ((1 - fy) * ((1 - fx) * v(ix, iy) + fx * v(ix + 1, iy)) +
                       fy * ((1 - fx) * v(ix, iy + 1) + fx * v(ix + 1, iy + 1)));
    }
    const float r = std::hypot(x - 0.7f * kWidth, y - 0.45f * kHeight) / 90.f;
    return r < 1.f ? 0.15f + 0.2f * r * r : 0.25f + sum;
  });
}

std::vector<Map> maps() {
  std::vector<Map> all;
  for (double s : {82.5, 75.25, 68.75})
    all.push_back({"plane at " + std::to_string(s).substr(0, 5) + " px", testing::flat_depth(kWidth, kHeight,
                                                                                             depth_at_separation(s)),
                   true});
  all.push_back({"slope across", depth_of([](int x, int) { return float(x) / (kWidth - 1); })});
  all.push_back({"slope down", depth_of([](int, int y) { return float(y) / (kHeight - 1); })});
  all.push_back({"sphere on a ramp", testing::sphere_on_ramp_depth(kWidth, kHeight)});
  all.push_back({"ripple", depth_of([](int x, int y) {
                   const float r = std::hypot(x - kWidth / 2.f, y - kHeight / 2.f);
                   return 0.5f + 0.2f * std::cos(r / 60.f * std::numbers::pi_v<float>);
                 })});
  all.push_back({"photo-like", photo_like_depth()});
  all.push_back({"thin near fin", testing::pillar_depth(kWidth, kHeight, {476, 484, 0, kHeight})});
  return all;
}

std::string file_name(std::string name) {
  for (char& c : name)
    if (c == ' ' || c == '.') c = '-';
  return name;
}

// Decoded separation as grey, near light, none black, in steps of 1/8 px so terraces show.
RgbaImage visualise(const DepthImage& decoded) {
  RgbaImage picture(decoded.width, decoded.height);
  for (int y = 0; y < decoded.height; ++y)
    for (int x = 0; x < decoded.width; ++x) {
      const float s = decoded.at(x - x % kStep, y - y % kStep);
      const auto v = s > 0 ? static_cast<std::uint8_t>(std::clamp(255.f - (s - kNear + 2) * 7.f, 16.f, 255.f))
                           : std::uint8_t{0};
      picture.at(x, y) = Rgba8{v, v, v, 255};
    }
  return picture;
}

void save(const std::string& name, const RgbaImage& picture, const DepthImage& decoded) {
  const char* dir = std::getenv("STEREOCL_PICTURES_DIR");
  if (!dir) return;
  ASSERT_TRUE(save_png(std::string(dir) + "/" + name + ".png", picture));
  ASSERT_TRUE(save_png(std::string(dir) + "/" + name + "-decoded.png", visualise(decoded)));
}

struct Row {
  Decoded decoded;
  testing::EchoCount echoes;
};

Row measure(const Map& map, const RgbaImage& picture, const std::function<double(float)>& separation,
            const std::string& name) {
  DepthImage image(kWidth, kHeight, 0.f);
  const Row row{decode(picture, map.depth, separation, &image), testing::count_echoes(picture, kNear - 2, kFar + 2)};
  save("subpixel-" + file_name(map.name) + name, picture, image);
  const Decoded& d = row.decoded;
  const std::string spread = map.plane ? std::to_string(d.column_spread).substr(0, 5) : "-";
  std::printf("| %s | %s | %.1f%% | %.3f | %s | %.2f | %.3f%% | %.1f%% |\n", map.name.c_str(),
              name.empty() ? "stereocl" : name.c_str() + 1, 100 * d.decoded_share, d.mean_error, spread.c_str(),
              d.whole_share, 100 * row.echoes.ambiguous_share(), 100 * row.echoes.decoded_share());
  return row;
}

// The targets of issue 60: a plane between two levels decodes as one plane at its fraction, not
// as whole-pixel strips; slopes decode within 0.1 px of the map's continuous separation; and
// neither loses decoded area or adds echoes against the terraced picture of the same map. The
// ripple's steep flanks (0.24 px of separation a pixel) are measured but held to less: see
// docs/stereogram-quality.md.
void expect_targets(const Map& map, const Row& smooth, const Row& terraced) {
  EXPECT_LE(smooth.echoes.ambiguous_share(), 0.003) << map.name;
  EXPECT_GE(smooth.echoes.decoded_share(), terraced.echoes.decoded_share() - 0.005) << map.name;
  if (map.name == "thin near fin") return;
  EXPECT_LE(smooth.decoded.whole_share, 0.25) << map.name << ": terraces";
  if (map.plane) EXPECT_LE(smooth.decoded.column_spread, 0.15) << map.name;
  EXPECT_LE(smooth.decoded.mean_error, map.name == "ripple" ? 0.2 : 0.1) << map.name;
}

TEST(StereogramSubpixel, SmoothSurfacesDecodeToTheirContinuousSeparation) {
  std::printf("| map | generator | decoded (sub-pixel) | mean abs error (px) | column spread (px) | whole-pixel share "
              "| echo px | decoded (equal pixels) |\n");
  for (const Map& map : maps()) {
    const Row terraced = measure(map, our_picture(map.depth, true), our_separation, "-terraced");
    const Row smooth = measure(map, our_picture(map.depth), our_separation, "");
    expect_targets(map, smooth, terraced);
    if (const auto theirs = testing::pamstereogram_picture(map.depth, RgbaImage{}, kFar, kNear,
                                                           "subpixel-" + file_name(map.name), 7u))
      measure(map, *theirs, their_separation, "-pamstereogram");
  }
}

}  // namespace
}  // namespace stereocl
