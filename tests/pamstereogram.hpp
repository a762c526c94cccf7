#pragma once
// Debian's pamstereogram (netpbm's Thimbleby-Inglis-Witten) on a depth map, for the quality tests'
// side-by-side figures.
#include "core/depth_map.hpp"
#include "core/image.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace stereocl::testing {

// pamstereogram with the same pattern file and the same near and far separations (white is near
// for it as for stereocl); an empty pattern: its own random grey dots from `seed`. nullopt if
// netpbm is not installed.
inline std::optional<RgbaImage> pamstereogram_picture(const DepthImage& depth, const RgbaImage& pattern, int far,
                                                      int near, const std::string& name, unsigned seed = 1) {
  if (std::system("command -v pamstereogram >/dev/null 2>&1") != 0) return std::nullopt;
  const std::string depth_png = write_png(name + "-depth.png", visualise_depth(depth));
  const std::string out = scratch_file(name + "-pamstereogram.png");
  std::string dots = " -grayscale -randomseed=" + std::to_string(seed);
  std::string command;
  if (!pattern.pixels.empty()) {
    const std::string pattern_pam = scratch_file(name + "-pattern.pam");
    command = "pngtopam " + write_png(name + "-pattern.png", pattern) + " > " + pattern_pam + " && ";
    dots = " -patfile=" + pattern_pam;
  }
  command += "pngtopam " + depth_png + " | pamstereogram -quiet -planes=" + std::to_string(near) + "," +
             std::to_string(far) + dots + " | pamtopng > " + out;
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  return read_png(out);
}

}  // namespace stereocl::testing
